// Install, update, rollback and remove through a running serve's control API, as the CLI
// commands do when a serve runs for the home: consent shows the summary and the approved
// package is the one installed; a refusal changes nothing.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { InstallSummary } from '@openclaw/skill-host';
import { startServe, type RunningServe } from '@openclaw/skill-host/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findServe,
  installViaServe,
  removeViaServe,
  rollbackViaServe,
  updateViaServe,
  type ServeClient,
} from './serve-client.js';

const exec = promisify(execFile);
let root: string;
let serve: RunningServe;
let client: ServeClient;
const tarballs: Record<string, string> = {};

/** A one-tool skill package packed with npm, as a user downloads one. */
async function pack(version: string): Promise<string> {
  const dir = join(root, `src-${version}`);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'oc-skill-tally', version, type: 'module', exports: './index.js' }),
  );
  await writeFile(join(dir, 'SKILL.md'), '---\nname: tally\ndescription: Counts.\n---\n');
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifestVersion: 1,
      name: 'tally',
      version,
      host: '^1',
      tools: [
        { name: 'tally.version', description: 'Which version.', inputSchema: { type: 'object' } },
      ],
    }),
  );
  await writeFile(
    join(dir, 'index.js'),
    `export default { createTools() { return { 'tally.version': () => '${version}' }; } };\n`,
  );
  const { stdout } = await exec('npm', ['pack', dir, '--pack-destination', root, '--json'], {
    env: { PATH: process.env.PATH, npm_config_cache: join(root, 'npm-cache') },
  });
  return join(root, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

const tally = async () => await serve.host.call({ name: 'tally.version', input: {} });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'oc-serve-client-install-'));
  tarballs['1.0.0'] = await pack('1.0.0');
  tarballs['2.0.0'] = await pack('2.0.0');
  serve = await startServe({
    home: join(root, 'home'),
    workspace: root,
    userHome: join(root, 'user'),
    env: { PATH: process.env.PATH },
    port: 0,
    watch: false,
  });
  client = (await findServe(join(root, 'home')))!;
});
afterAll(async () => {
  await serve?.close();
  await rm(root, { recursive: true, force: true });
});

describe('installing through the running serve', () => {
  it('without --yes and without a terminal refuses with a hint naming --yes; nothing installed', async () => {
    await expect(installViaServe(client, tarballs['1.0.0']!)).rejects.toMatchObject({
      code: 'APPROVAL_REQUIRED',
      hint: 'Run it in a terminal, or pass --yes to accept.',
    });
    expect((await tally()).isError).toBe(true);
  });

  it('a declined consent installs nothing', async () => {
    await expect(
      installViaServe(client, tarballs['1.0.0']!, { consent: async () => false }),
    ).rejects.toMatchObject({ code: 'APPROVAL_DENIED' });
    expect((await tally()).isError).toBe(true);
  });

  it('shows the summary to consent, then installs that package into the serving host', async () => {
    const seen: InstallSummary[] = [];
    const r = await installViaServe(client, tarballs['1.0.0']!, {
      consent: async (s) => (seen.push(s), true),
    });
    expect(seen.map((s) => [s.name, s.version, s.tools.map((t) => t.name)])).toEqual([
      ['tally', '1.0.0', ['tally.version']],
    ]);
    expect(r).toMatchObject({ action: 'installed', name: 'tally', version: '1.0.0' });
    expect(await tally()).toMatchObject({ isError: false, text: '1.0.0' });
  });

  it('installs a newer version with yes, updates (unchanged for a tarball), rolls back and removes', async () => {
    const up = await installViaServe(client, tarballs['2.0.0']!, { yes: true });
    expect(up).toMatchObject({ action: 'updated', version: '2.0.0', previousVersion: '1.0.0' });
    expect(await tally()).toMatchObject({ text: '2.0.0' });
    const updated = await updateViaServe(client, undefined, { yes: true });
    expect(updated.map((u) => [u.name, u.action])).toEqual([['tally', 'unchanged']]);
    expect(await rollbackViaServe(client, 'tally')).toMatchObject({
      action: 'rolled-back',
      version: '1.0.0',
    });
    expect(await tally()).toMatchObject({ text: '1.0.0' });
    expect(await rollbackViaServe(client, 'tally', { to: '2.0.0' })).toMatchObject({
      action: 'rolled-back',
      version: '2.0.0',
    });
    expect(await tally()).toMatchObject({ text: '2.0.0' });
    expect(await removeViaServe(client, 'tally', { purge: true })).toMatchObject({
      action: 'removed',
    });
    expect((await tally()).isError).toBe(true);
  });

  it('turns an error answer into the same SkillError the host throws', async () => {
    await expect(removeViaServe(client, 'tally')).rejects.toMatchObject({
      code: 'SKILL_NOT_FOUND',
      message: 'tally is not installed from npm in this home.',
    });
  });
});
