import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fdWriter, writeAll } from './fd-write.js';

let tmp: string;
let file: string;
let fd: number;

beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'fd-write-'));
  file = join(tmp, 'out.txt');
  fd = openSync(file, 'w');
});
afterEach(async () => {
  vi.restoreAllMocks();
  try {
    closeSync(fd);
  } catch {
    // Closed by the test itself.
  }
  await rm(tmp, { recursive: true, force: true });
});

const written = () => readFileSync(file, 'utf8');

describe.skipIf(process.platform === 'win32')('fdWriter', () => {
  it('writes to the descriptor until process.stdout is read, then only through the stream', () => {
    const write = fdWriter('stdout', fd);
    write('✓ one\n');
    expect(written()).toBe('✓ one\n');
    // Reading process.stdout (here, to spy on it) is what hands every later write to the stream.
    const stream = vi.spyOn(process.stdout, 'write').mockReturnValue(true);
    write('two\n');
    expect(stream.mock.calls).toEqual([['two\n']]);
    expect(written()).toBe('✓ one\n');
  });

  it('gives the stream, in order, the text of writes the descriptor refused', () => {
    const write = fdWriter('stderr', fd);
    closeSync(fd);
    const got: string[] = [];
    const stderr = Object.getOwnPropertyDescriptor(process, 'stderr')!.get!;
    // Spied through the getter's own result, so the watch sees the stream being used.
    vi.spyOn(stderr.call(process) as NodeJS.WriteStream, 'write').mockImplementation((s) => {
      got.push(String(s));
      return true;
    });
    write('lost?\n');
    write('after\n');
    expect(got).toEqual(['lost?\n', 'after\n']);
  });
});

describe('writeAll', () => {
  it('writes every byte of the text and leaves nothing over', () => {
    const text = `${'✓ weather  ready\n'.repeat(5000)}end\n`;
    expect(writeAll(fd, text)).toBeUndefined();
    expect(written()).toBe(text);
  });

  it('returns all of the bytes when the descriptor cannot be written', () => {
    closeSync(fd);
    expect(writeAll(fd, 'héllo')?.toString('utf8')).toBe('héllo');
  });
});
