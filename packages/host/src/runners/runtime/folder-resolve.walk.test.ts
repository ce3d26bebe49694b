import { describe, expect, it } from 'vitest';
import { walkGranted, type FsProbe } from './folder-resolve.js';

const roots = ['/g/in', '/g/out'];

/** A file system of plain data: links by path; the roots and everything listed exist. */
function probeOf(links: Record<string, string>, exists: string[]): FsProbe & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    kind: (p) => {
      asked.push(p);
      if (p in links) return 'link';
      return exists.includes(p) || roots.includes(p) ? 'other' : 'missing';
    },
    readlink: (p) => links[p]!,
  };
}

const walk = (path: string, probe: FsProbe, followLast = true) =>
  walkGranted(path, roots, { followLast, probe });

describe('walkGranted', () => {
  it('a plain path inside a root is its own real path', () => {
    expect(walk('/g/in/a.txt', probeOf({}, ['/g/in', '/g/in/a.txt']))).toEqual({
      ok: true,
      path: '/g/in/a.txt',
    });
  });

  it('never asks the file system about a folder outside the roots', () => {
    const probe = probeOf({ '/g/in/x': '/home/u/.ssh' }, ['/g/in']);
    expect(walk('/g/in/x/id_rsa', probe)).toEqual({ ok: false, reached: '/home' });
    expect(probe.asked.every((p) => p.startsWith('/g/'))).toBe(true);
  });

  it('follows a relative link that stays inside, and one into another root', () => {
    const probe = probeOf({ '/g/in/a': 'sub/b', '/g/in/c': '/g/out/d' }, [
      '/g/in/sub/b',
      '/g/out/d',
    ]);
    expect(walk('/g/in/a', probe)).toEqual({ ok: true, path: '/g/in/sub/b' });
    expect(walk('/g/in/c', probe)).toEqual({ ok: true, path: '/g/out/d' });
  });

  it('a relative link climbing out of the root is refused where it leaves', () => {
    const probe = probeOf({ '/g/in/up': '../../etc/passwd' }, []);
    expect(walk('/g/in/up', probe)).toEqual({ ok: false, reached: '/etc' });
  });

  it('`..` after a link climbs from where the link leads, not from the name', () => {
    const probe = probeOf({ '/g/in/l': '/g/out/deep/er' }, ['/g/out/deep', '/g/out/deep/er']);
    expect(walk('/g/in/l/../x', probe)).toEqual({ ok: true, path: '/g/out/deep/x' });
  });

  it('a link named last is not followed for calls on the link itself', () => {
    const probe = probeOf({ '/g/in/l': '/etc/passwd' }, []);
    expect(walk('/g/in/l', probe, false)).toEqual({ ok: true, path: '/g/in/l' });
    expect(walk('/g/in/l', probe, true)).toEqual({ ok: false, reached: '/etc' });
  });

  it('a file not yet there is the path as written (a write creates it there)', () => {
    expect(walk('/g/out/new/file.txt', probeOf({}, ['/g/out']))).toEqual({
      ok: true,
      path: '/g/out/new/file.txt',
    });
  });

  it('a loop of links is refused rather than walked forever', () => {
    const probe = probeOf({ '/g/in/a': '/g/in/b', '/g/in/b': '/g/in/a' }, []);
    expect(walk('/g/in/a', probe)).toMatchObject({ ok: false });
  });
});
