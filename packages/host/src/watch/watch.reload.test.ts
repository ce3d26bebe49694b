// Live reload through host.watch(): real chokidar watchers on temp folders, with the debounce
// driven by a hand-run clock, so the tests assert the order of events (file change > one
// debounced rescan > `change` > `reload`), never a wall-clock bound.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir, writeCodeSkill, writeDocsSkill } from '../testing/skill-folders.js';
import { isIgnored, entryFiles, type Clock } from './watcher.js';

interface Pending {
  fn: () => void;
  ms: number;
}

function manualClock() {
  const timeouts = new Set<Pending>();
  const intervals: Pending[] = [];
  let wake: (() => void) | undefined;
  const clock: Clock = {
    setTimeout(fn, ms) {
      const t = { fn, ms };
      timeouts.add(t);
      wake?.();
      return t;
    },
    clearTimeout: (h) => void timeouts.delete(h as Pending),
    setInterval(fn, ms) {
      const t = { fn, ms };
      intervals.push(t);
      return t;
    },
    clearInterval: (h) => void intervals.splice(intervals.indexOf(h as Pending), 1),
  };
  return {
    clock,
    intervals,
    /** Resolves with the debounce delay once a rescan is scheduled. */
    async scheduled(): Promise<number> {
      while (timeouts.size === 0) await new Promise<void>((r) => (wake = r));
      return [...timeouts][0]!.ms;
    },
    fire() {
      const all = [...timeouts];
      timeouts.clear();
      for (const t of all) t.fn();
    },
  };
}

const hosts: SkillHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function setup() {
  const root = await tempDir();
  const ws = join(root, 'ws');
  const host = await createSkillHost({
    workspace: ws,
    home: join(root, 'home'),
    userHome: join(root, 'user'),
    env: { OPENCLAW_SKILLS_LOG_LEVEL: 'silent' },
    hostTools: false,
    config: { runner: 'inline' },
  });
  hosts.push(host);
  return { host, skills: join(ws, 'skills') };
}

const nextReload = (host: SkillHost) =>
  new Promise<{ paths: string[]; reloaded: string[] }>((resolve) => {
    const on = (e: { paths: string[]; reloaded: string[] }) => {
      host.off('reload', on);
      resolve(e);
    };
    host.on('reload', on);
  });

describe('host.watch live reload', () => {
  it('an edited SKILL.md: one debounced (250 ms) rescan, then change, then reload; the prompt shows the new description', async () => {
    const { skills } = await setup();
    await writeDocsSkill(skills, 'notes', { description: 'Old words.' });
    const { host } = await setup().then(async () => {
      // A fresh host that sees the skill from its first scan.
      const root = join(skills, '..');
      const h = await createSkillHost({
        workspace: root,
        home: join(root, '..', 'home2'),
        userHome: join(root, '..', 'user'),
        env: {},
        hostTools: false,
      });
      hosts.push(h);
      return { host: h };
    });
    const clock = manualClock();
    await host.watch({ clock: clock.clock });
    const order: string[] = [];
    host.on('change', () => order.push('change'));
    const reload = nextReload(host);
    await writeDocsSkill(skills, 'notes', { description: 'New words.' });
    order.push(`scheduled ${await clock.scheduled()}`);
    expect(host.prompt().text).toContain('Old words.');
    clock.fire();
    const e = await reload;
    order.push(`reload ${e.reloaded.join(',')}`);
    expect(order.slice(0, 3)).toEqual(['scheduled 250', 'change', 'reload notes']);
    expect(e.paths).toEqual([join(skills, 'notes', 'SKILL.md')]);
    expect(host.prompt().text).toContain('New words.');
    expect(host.prompt().text).not.toContain('Old words.');
  });

  it('node_modules, source maps and build output outside the entry folder are not watched', async () => {
    const { host, skills } = await setup();
    await writeDocsSkill(skills, 'notes');
    await mkdir(join(skills, 'notes', 'node_modules', 'x'), { recursive: true });
    await mkdir(join(skills, 'notes', 'dist'), { recursive: true });
    await host.rescan();
    const clock = manualClock();
    await host.watch({ clock: clock.clock });
    const reload = nextReload(host);
    await writeFile(join(skills, 'notes', 'node_modules', 'x', 'index.js'), 'x');
    await writeFile(join(skills, 'notes', 'dist', 'bundle.js'), 'x');
    await writeFile(join(skills, 'notes', 'notes.js.map'), '{}');
    await writeDocsSkill(skills, 'notes', { description: 'Changed.' });
    await clock.scheduled();
    clock.fire();
    expect((await reload).paths).toEqual([join(skills, 'notes', 'SKILL.md')]);
  });

  // Only the rebuilt entry here: vitest runs dynamic imports through its own module runner,
  // so the resolve hook that renews the entry's imports too is tested in a real Node process
  // (test/inline-reload.child.test.ts).
  it('a rebuilt entry is a new generation: the next call runs the new code', async () => {
    const { host, skills } = await setup();
    const code = (v: string) =>
      `export default { createTools() { return { 'calc.answer': async () => '${v}' }; } };\n`;
    const dir = await writeCodeSkill(skills, 'calc', { tools: ['answer'], code: code('one') });
    await host.rescan();
    const answer = async () => {
      const r = await host.call({ name: 'calc.answer', input: {} });
      return r.isError ? r.code : r.text;
    };
    expect(await answer()).toBe('one');
    const clock = manualClock();
    await host.watch({ clock: clock.clock });
    const reload = nextReload(host);
    await writeFile(join(dir, 'index.js'), code('two'));
    await clock.scheduled();
    clock.fire();
    expect((await reload).reloaded).toEqual(['calc']);
    expect(await answer()).toBe('two');
  });

  it('a root over the watched-folder cap is rescanned on an interval instead, and the host is told why', async () => {
    const { host, skills } = await setup();
    await writeDocsSkill(skills, 'a');
    await writeDocsSkill(skills, 'b');
    await host.rescan();
    const clock = manualClock();
    const degraded: string[] = [];
    await host.watch({
      clock: clock.clock,
      maxWatchedDirs: 2,
      fallbackIntervalMs: 5_000,
      onDegraded: (root, reason) => degraded.push(`${root}: ${reason}`),
    });
    expect(degraded).toEqual([`${skills}: it holds more than the 2 folders a watcher may use`]);
    expect(clock.intervals.map((i) => i.ms)).toEqual([5_000]);
    // The interval's tick is a rescan like a file event: debounced, then published.
    const reload = nextReload(host);
    clock.fire();
    clock.intervals[0]!.fn();
    await clock.scheduled();
    clock.fire();
    expect((await reload).paths).toContain(skills);
  });
});

describe('isIgnored', () => {
  const root = '/r';
  it('ignores node_modules, .git, maps and declarations; keeps a skill named dist', () => {
    expect(isIgnored(root, '/r/a/node_modules', 1)).toBe(true);
    expect(isIgnored(root, '/r/a/.git', 1)).toBe(true);
    expect(isIgnored(root, '/r/a/index.js.map', 1)).toBe(true);
    expect(isIgnored(root, '/r/a/index.d.ts', 1)).toBe(true);
    expect(isIgnored(root, '/r/dist', 1)).toBe(false);
    expect(isIgnored(root, '/r/dist/SKILL.md', 1)).toBe(false);
  });

  it('inside build output, only the entry folder and the folders leading to it', () => {
    const entries = entryFiles(['/r/a/dist/index.js']);
    expect(isIgnored(root, '/r/a/dist', 1, entries)).toBe(false);
    expect(isIgnored(root, '/r/a/dist/index.js', 1, entries)).toBe(false);
    expect(isIgnored(root, '/r/a/dist/tools.js', 1, entries)).toBe(false);
    expect(isIgnored(root, '/r/b/dist/index.js', 1, entries)).toBe(true);
    expect(isIgnored(root, '/r/a/build/x.js', 1, entries)).toBe(true);
  });
});
