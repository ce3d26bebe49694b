// The fields of a skill's package.json that validation reads, with the whole object kept.
export interface PackageJsonInfo {
  name?: string;
  version?: string;
  keywords?: string[];
  type?: string;
  exports?: unknown;
  main?: string;
  raw: Record<string, unknown>;
}
