// The worker runner under limits.maxMessageBytes: the runner program refuses an oversized
// result itself, and a message a skill posts to the host thread on its own is sized before
// it is decoded. (The thread shares the host's process: the bytes were already copied into
// it, which is why strangers' code belongs in the sandbox.)
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';

const MIB = 1024 * 1024;

const CODE = `
import { parentPort, threadId } from 'node:worker_threads';
export default {
  createTools() {
    return {
      'big.thread': () => threadId,
      'big.text': (input) => 'x'.repeat(input.kib * 1024),
      'big.post': (input) => {
        parentPort.postMessage('y'.repeat(input.kib * 1024));
        return new Promise(() => {});
      },
    };
  },
};
`;

let root: string;
let host: SkillHost;

const thread = async () => {
  const r = await host.call({ name: 'big.thread', input: {} });
  if (r.isError) throw new Error(`big.thread failed: ${r.code} ${r.message}`);
  return r.structured as number;
};

beforeAll(async () => {
  root = await tempDir('oc-worker-big-');
  await writeCodeSkill(join(root, 'ws', 'skills'), 'big', {
    tools: ['thread', 'text', 'post'],
    code: CODE,
  });
  host = await createSkillHost({
    workspace: join(root, 'ws'),
    home: join(root, 'home'),
    userHome: join(root, 'user'),
    env: {},
    hostTools: false,
    config: { runner: 'worker', audit: { enabled: false }, limits: { maxMessageBytes: MIB } },
  });
});

afterAll(async () => {
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('worker runner: messages over limits.maxMessageBytes', () => {
  it('a result over the limit is RESULT_TOO_LARGE naming the setting, and the same thread keeps serving', async () => {
    const before = await thread();
    const r = await host.call({ name: 'big.text', input: { kib: 2048 } });
    expect(r).toMatchObject({ isError: true, code: 'RESULT_TOO_LARGE' });
    expect(r.isError && r.hint).toContain('limits.maxMessageBytes');
    expect(await thread()).toBe(before);
  });

  it('a message the skill posts past the runner program is refused by its size and the thread is replaced', async () => {
    const before = await thread();
    const r = await host.call({ name: 'big.post', input: { kib: 2048 } });
    expect(r).toMatchObject({ isError: true, code: 'SKILL_CRASHED' });
    expect(r.isError && r.message).toContain(
      `sent a message of ${2 * MIB} bytes, over the ${MIB}-byte limit`,
    );
    expect(await thread()).not.toBe(before);
  });
});
