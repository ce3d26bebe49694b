// Where token and key material lives: a keytar-shaped interface
// (`SecretVault`), so the OS keychain, a 0600 file store, a memory store for tests and later
// encrypted database rows are interchangeable. Only the auth manager holds a vault; a
// runner never sees one.
export interface Credential {
  account: string;
  password: string;
}

export interface SecretVault {
  /** What backs it, for `auth status` and `doctor`. */
  readonly kind: 'keychain' | 'keytar' | 'file' | 'memory' | 'postgres';
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Credential[]>;
}

/** A vault in memory: for tests and for hosts that must not persist anything. */
export function createMemoryVault(): SecretVault {
  const services = new Map<string, Map<string, string>>();
  const of = (service: string) => {
    let m = services.get(service);
    if (!m) services.set(service, (m = new Map()));
    return m;
  };
  return {
    kind: 'memory',
    getPassword: async (service, account) => of(service).get(account) ?? null,
    setPassword: async (service, account, password) => void of(service).set(account, password),
    deletePassword: async (service, account) => of(service).delete(account),
    findCredentials: async (service) =>
      [...of(service)].map(([account, password]) => ({ account, password })),
  };
}
