// The sandbox runner refuses what a malicious skill tries: reading the user's SSH key,
// /etc/passwd, another skill's storage or the token store, writing outside its storage,
// starting a shell. Each refusal is a structured POLICY_DENIED without the secret, and the
// host and the other skills carry on. Faults are contained as in the worker runner.
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

  it('a result that cannot cross to the host is SKILL_ERROR saying to return data; the runner carries on', async () => {
    const host = await open();
    const r = await host.call({ name: 'hostile.unclonable', input: {} });
    expect(r.isError && r.code).toBe('SKILL_ERROR');
    expect(r.isError && r.message).toContain('cannot be sent to the host');
    ok(await host.call({ name: 'hostile.whoami', input: {} }));
  });

  it('a token for an undeclared provider is POLICY_DENIED; the env holds only declared names', async () => {
    const host = await open();
    const r = await host.call({ name: 'hostile.token', input: { provider: 'google' } });
    expect(r.isError && r.code).toBe('POLICY_DENIED');
    expect(ok(await host.call({ name: 'hostile.env', input: {} }))).toEqual(['HOSTILE_VISIBLE']);
  });

  it('signalling the host process (its parent) is POLICY_DENIED', async () => {
    const host = await open();
    const r = await host.call({ name: 'hostile.kill', input: { target: 'parent' } });
    expect(r.isError && r.code).toBe('POLICY_DENIED');
    expect(r.isError && r.message).toContain('may not send signals');
  });
});

describe('sandbox runner: faults stay inside the skill', () => {
  it('a busy loop is TIMEOUT and the next call answers from a new process', async () => {
    const host = await open();
    const before = ok(await host.call({ name: 'hostile.whoami', input: {} })) as { pid: number };
    expect(before.pid).not.toBe(process.pid);
    const spin = await host.call({ name: 'hostile.spin', input: {} });
    expect(spin.isError && spin.code).toBe('TIMEOUT');
    const after = ok(await host.call({ name: 'hostile.whoami', input: {} })) as { pid: number };
    expect(after.pid).not.toBe(before.pid);
  });

  it('allocating without bound, process.exit() and a throw from a timer are SKILL_CRASHED; the victim is unaffected', async () => {
    const host = await open();
    for (const tool of ['alloc', 'exit', 'timer_throw']) {
      const [r, v] = await host.callMany([
        { name: `hostile.${tool}`, input: {} },
        { name: 'victim.save', input: { value: tool } },
      ]);
      expect([tool, r!.isError && r!.code]).toEqual([tool, 'SKILL_CRASHED']);
      expect(v!.isError).toBe(false);
      // A success in between resets the crash count (three in a row start the backoff).
      ok(await host.call({ name: 'hostile.whoami', input: {} }));
    }
  });
});
