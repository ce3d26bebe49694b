// An entry that resolves outside its package (`../`, or a symlink) is refused by both
// isolating runners before anything loads, and a sandbox refuses to start when a link in the
// package points outside what it may read (Node 20 follows such links).
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createSkillContext } from '../context/create.js';
import { RedactorCache } from '../redact/index.js';
import { skillRecord } from '../testing/records.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';
import { createSandboxRunner } from './sandbox.js';
import type { Runner } from './types.js';
import { createWorkerRunner } from './worker.js';
import { existsSync } from 'node:fs';

const redactors = new RedactorCache();

async function setup() {
  const root = await tempDir();
  const dir = await writeCodeSkill(root, 'sneaky', { tools: ['run'] });
  const marker = join(root, 'loaded.txt');
  // If this module ever loads, it leaves a file behind.
  await writeFile(
    join(root, 'outside.js'),
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');\nexport default { createTools: () => ({}) };\n`,
  );
  const activate = (runner: Runner, entry: string) => {
    const record = skillRecord({ name: 'sneaky', dir, entry, tools: ['sneaky.run'] });
    const ctx = createSkillContext(record, {
      home: join(root, 'home'),
      config: {},
      configFile: join(root, 'home', 'config.json'),
      env: {},
      logger: pino({ level: 'silent' }),
      redactor: () => redactors.get([]),
    });
    return runner.activate(record, ctx);
  };
  return { root, dir, marker, activate };
}

const runners = [
  ['worker', () => createWorkerRunner()],
  ['sandbox', () => createSandboxRunner()],
] as const;

describe.each(runners)('%s runner: entry outside the package', (_kind, make) => {
  it('an entry reached with ../ is PATH_UNSAFE and never loads', async () => {
    const { dir, marker, activate } = await setup();
    await expect(activate(make(), join(dir, '..', 'outside.js'))).rejects.toMatchObject({
      code: 'PATH_UNSAFE',
    });
    expect(existsSync(marker)).toBe(false);
  });

  it('an entry that is a symlink to a file outside is PATH_UNSAFE naming where it points, and never loads', async () => {
    const { root, dir, marker, activate } = await setup();
    await symlink(join(root, 'outside.js'), join(dir, 'linked.js'));
    const p = activate(make(), join(dir, 'linked.js'));
    await expect(p).rejects.toMatchObject({ code: 'PATH_UNSAFE' });
    await expect(p).rejects.toThrow(join(root, 'outside.js'));
    expect(existsSync(marker)).toBe(false);
  });
});

describe('sandbox runner: links inside the package', () => {
  it('a link from the package to a folder outside (data -> ~/.ssh) refuses the sandbox', async () => {
    const { root, dir, activate } = await setup();
    const ssh = join(root, 'user', '.ssh');
    await mkdir(ssh, { recursive: true });
    await symlink(ssh, join(dir, 'data'));
    const p = activate(createSandboxRunner(), join(dir, 'index.js'));
    await expect(p).rejects.toMatchObject({ code: 'PATH_UNSAFE' });
    await expect(p).rejects.toThrow(join(dir, 'data'));
  });
});
