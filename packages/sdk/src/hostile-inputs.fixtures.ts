// Minimal hostile inputs found by fuzzing and probing, shared by the unit tests
// (what the reader answers) and the fuzz harness (how long it takes: `pnpm fuzz`). Not
// built into dist (tsconfig excludes *.fixtures.ts).

/** `meta` is a list holding itself: walking it naively never ends. */
export const aliasLoop = '---\nname: loop\ndescription: d\nmeta: &a [*a]\n---\n';

/** Billion laughs: nine levels of nine aliases each (476 bytes of YAML). */
export function billionLaughs(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++) {
    const prev = String.fromCharCode(96 + i);
    const cur = String.fromCharCode(97 + i);
    lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  return `---\nname: laughs\ndescription: d\n${lines.join('\n')}\n---\n`;
}

/** A scalar followed by many spaces (a regex with `\s+#.*$` took 11 s on 80,000). */
export const trailingSpaces = (n: number) => `---\nname: 1${' '.repeat(n)}\ndescription: d\n---\n`;

/** Many blank lines (gray-matter's comment strip is quadratic in them). */
export const blankLines = (n: number) => `---\nname: blank\n${'\n'.repeat(n)}description: d\n---\n`;

/** Flow collections nested `n` deep (the yaml package slows, then crashes, on thousands). */
export const deepFlow = (n: number) =>
  `---\nname: deep\ndescription: d\nx: ${'['.repeat(n)}${']'.repeat(n)}\n---\n`;

/** A manifest.json nested `n` deep inside `config` (jsonc-parser threw RangeError at 5,000). */
export const deepManifest = (n: number) =>
  `{"manifestVersion":1,"name":"gmail","config":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`;

/** A manifest whose `auth` map has `n` empty entries (each fails a oneOf). */
export const emptyAuthEntries = (n: number) =>
  JSON.stringify({
    manifestVersion: 1,
    name: 'gmail',
    auth: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, {}])),
  });

/** A manifest with `n` empty tools. */
export const emptyTools = (n: number) =>
  JSON.stringify({
    manifestVersion: 1,
    name: 'gmail',
    tools: Array.from({ length: n }, () => ({})),
  });
