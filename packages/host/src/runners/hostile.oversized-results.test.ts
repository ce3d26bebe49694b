// A skill that answers with more than limits.maxMessageBytes: the runner program refuses an
// honest oversized result itself (RESULT_TOO_LARGE, the runner keeps serving); a skill that
// goes around it and writes a huge frame on the runner's pipe is refused by the host from
// the frame's header, before its body is read, and its process is replaced. The host's
// memory stays where it was however much the skill sends.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '../host.js';
import type { CallResult } from '../router/types.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';

const MIB = 1024 * 1024;
const LIMIT = MIB;

/**
 * The skill takes hold of its runner's own message pipe (fd 3) and learns the id of the call
 * it runs for, as a determined attacker could, then writes frames past the runner's size
 * check: a header announcing `mb` MiB and the body after it.
 */
const BLOAT = `
import { Socket } from 'node:net';
let pipe;
let lastId = 0;
const write = Socket.prototype.write;
Socket.prototype.write = function (...args) {
  if (this._handle && this._handle.fd === 3) pipe = this;
  return write.apply(this, args);
};
const parse = JSON.parse;
JSON.parse = function (...args) {
  const value = parse(...args);
  if (value && value.t === 'invoke') lastId = value.id;
  return value;
};
const forge = (mb, tag) => {
  const body = Buffer.alloc(mb * ${MIB}, 120);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(body.length, 0);
  header.writeUInt32LE(tag, 4);
  pipe.write(header);
  pipe.write(body);
  return new Promise(() => {});
};
export default {
  createTools() {
    return {
      'bloat.pid': () => process.pid,
      'bloat.text': (input) => 'x'.repeat(input.kib * 1024),
      'bloat.bytes': (input) => Buffer.alloc(input.kib * 1024, 1),
      'bloat.forge': (input) => forge(input.mb, input.tagged ? lastId : 0),
    };
  },
};
`;

let root: string;
let host: SkillHost;

const failure = (r: CallResult) => {
  if (!r.isError) throw new Error(`expected an error, got ${r.text.slice(0, 80)}`);
  return r;
};
const pid = async () => {
  const r = await host.call({ name: 'bloat.pid', input: {} });
  if (r.isError) throw new Error(`bloat.pid failed: ${r.code} ${r.message}`);
  return r.structured as number;
};

beforeAll(async () => {
  root = await tempDir('oc-oversized-');
  await writeCodeSkill(join(root, 'ws', 'skills'), 'bloat', {
    tools: ['pid', 'text', 'bytes', 'forge'],
    code: BLOAT,
  });
  host = await createSkillHost({
    workspace: join(root, 'ws'),
    home: join(root, 'home'),
    userHome: join(root, 'user'),
    env: { PATH: process.env.PATH ?? '' },
    hostTools: false,
    config: {
      runner: 'sandbox',
      audit: { enabled: false },
      limits: { maxMessageBytes: LIMIT, maxResultChars: 1000 },
    },
  });
});

afterAll(async () => {
  await host?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('sandbox runner: results over limits.maxMessageBytes', () => {
  it.each([
    ['text', 'bloat.text'],
    ['binary data', 'bloat.bytes'],
  ])(
    '%s over the limit is RESULT_TOO_LARGE from the runner, naming the tool, its size and the setting; the same process keeps serving',
    async (_what, tool) => {
      const before = await pid();
      const r = failure(await host.call({ name: tool, input: { kib: 2048 } }));
      expect(r.code).toBe('RESULT_TOO_LARGE');
      expect(r.message).toContain(`The result of ${tool} is 2.0 MiB`);
      expect(r.message).toContain(`${LIMIT} bytes`);
      expect(r.hint).toContain('limits.maxMessageBytes');
      expect(await pid()).toBe(before);
    },
  );

  it('a result under the message limit is still cut to limits.maxResultChars with its note', async () => {
    const r = await host.call({ name: 'bloat.text', input: { kib: 512 } });
    if (r.isError) throw new Error(`${r.code}: ${r.message}`);
    expect(r.text.length).toBeLessThanOrEqual(1000);
    expect(r.text).toContain(`of ${512 * 1024} characters`);
    expect(r.truncated?.originalChars).toBe(512 * 1024);
  });

  it('a frame announcing more than the limit is refused from its header: its call is RESULT_TOO_LARGE and the next call runs in a new process', async () => {
    const before = await pid();
    const r = failure(await host.call({ name: 'bloat.forge', input: { mb: 8, tagged: true } }));
    expect(r.code).toBe('RESULT_TOO_LARGE');
    expect(r.message).toContain(`announced as ${8 * MIB} bytes, over the ${LIMIT}-byte limit`);
    expect(r.hint).toContain('limits.maxMessageBytes');
    const after = await pid();
    expect(after).not.toBe(before);
  });

  it('an oversized frame that answers no call stops the runner: the call in flight is SKILL_CRASHED naming the size and the setting', async () => {
    await pid();
    const r = failure(await host.call({ name: 'bloat.forge', input: { mb: 4, tagged: false } }));
    expect(r.code).toBe('SKILL_CRASHED');
    expect(r.message).toContain(
      `sent a message of ${4 * MIB} bytes, over the ${LIMIT}-byte limit (limits.maxMessageBytes)`,
    );
    expect(typeof (await pid())).toBe('number');
  });

  it("three 96 MiB results forged past the runner's check leave the host's RSS within 48 MiB of where it was", async () => {
    await pid();
    const before = process.memoryUsage().rss;
    const peaks: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = failure(await host.call({ name: 'bloat.forge', input: { mb: 96, tagged: true } }));
      expect(r.code).toBe('RESULT_TOO_LARGE');
      peaks.push(process.memoryUsage().rss);
      // A successful call in between: each oversized result recycles one runner, and the
      // skill is not held back as if it kept crashing.
      await pid();
    }
    peaks.push(process.memoryUsage().rss);
    const growthMib = (Math.max(...peaks) - before) / MIB;
    expect(growthMib).toBeLessThan(48);
  });
});
