// The sandbox runner refuses what a malicious skill tries: reading the user's SSH key,
// /etc/passwd, another skill's storage or the token store, writing outside its storage,
// starting a shell. Each refusal is a structured POLICY_DENIED without the secret, and the
// host and the other skills carry on. What the worker runner promises too (faults contained,
// context over RPC, undeclared tokens, hosts and signals refused) is checked for both runners
// in isolation.worker-and-sandbox.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallResult } from '../router/types.js';
import {
  ENV_SECRET,
  SSH_SECRET,
  TOKEN_SECRET,
  VICTIM_SECRET,
  hostileWorld,
  type HostileWorld,
} from './hostile.fixtures.js';

let world: HostileWorld;
afterEach(() => world?.close());

const ok = (r: CallResult) => {
  if (r.isError) throw new Error(`expected success, got ${r.code}: ${r.message}`);
  return r.structured ?? r.text;
};

async function open() {
  // Installed from a registry: the store's skills run in the sandbox by default.
  world = await hostileWorld('store');
  return world.open();
}

const secrets = [SSH_SECRET, TOKEN_SECRET, VICTIM_SECRET, ENV_SECRET];

describe('sandbox runner: what a hostile skill may not reach', () => {
  it("reading ~/.ssh/id_rsa, /etc/passwd, another skill's storage or the token store is POLICY_DENIED naming the file, and leaks nothing", async () => {
    const host = await open();
    const targets = [
      world.files.sshKey,
      '/etc/passwd',
      world.files.victimStorage,
      world.files.tokenStore,
    ];
    const results = await host.callMany(
      targets.map((path) => ({ name: 'hostile.read', input: { path } })),
    );
    for (const [i, r] of results.entries()) {
      expect(r.isError && r.code).toBe('POLICY_DENIED');
      expect(r.isError && r.message).toContain(`denied reading ${targets[i]}`);
    }
    const listing = await host.call({ name: 'hostile.list', input: { path: world.home } });
    expect(listing.isError && listing.code).toBe('POLICY_DENIED');
    const everything = JSON.stringify([results, listing]) + world.logs();
    for (const s of secrets) expect(everything).not.toContain(s);
    // The host itself still reads the planted files: nothing changed outside the sandbox.
    expect(await readFile(world.files.sshKey, 'utf8')).toContain(SSH_SECRET);
  });

  it('writing outside its storage is denied; its own storage works through the host', async () => {
    const host = await open();
    const target = join(world.userHome, 'pwned.txt');
    const w = await host.call({ name: 'hostile.write', input: { path: target } });
    expect(w.isError && w.code).toBe('POLICY_DENIED');
    await expect(readFile(target)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(ok(await host.call({ name: 'hostile.save', input: { value: 'kept' } }))).toBe('kept');
  });

  it('starting a child process without the grant is POLICY_DENIED', async () => {
    const host = await open();
    const r = await host.call({ name: 'hostile.spawn', input: {} });
    expect(r.isError && r.code).toBe('POLICY_DENIED');
    expect(r.isError && r.message).toContain('starting a child process');
  });

  it('a child process needs both the manifest declaring it and the user granting it', async () => {
    world = await hostileWorld('store');
    const manifestFile = join(world.home, 'store', 'hostile', 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
      permissions: Record<string, unknown>;
    };
    manifest.permissions.childProcess = true;
    await writeFile(manifestFile, JSON.stringify(manifest));
    const declaredOnly = await world.open();
    const refused = await declaredOnly.call({ name: 'hostile.spawn', input: {} });
    expect(refused.isError && refused.code).toBe('POLICY_DENIED');
    const granted = await world.open({ skills: { hostile: { grant: { childProcess: true } } } });
    expect(ok(await granted.call({ name: 'hostile.spawn', input: {} }))).toBe('pwned\n');
  });
});
