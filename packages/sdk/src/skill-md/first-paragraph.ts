// The description of a SKILL.md that has no frontmatter: Claude Code's documentation says a
// skill without `description` is described by the first paragraph of its Markdown. Headings,
// code fences, HTML comments and rules are not prose, so they are skipped to the first block
// of text.
import { MAX_DESCRIPTION_CHARS } from './strict.js';

const NOT_PROSE = /^(#{1,6}(\s|$)|```|~~~|<!--|(-{3,}|\*{3,}|_{3,})\s*$)/;

/** The first paragraph of text, on one line, at most MAX_DESCRIPTION_CHARS; '' when none. */
export function firstParagraph(markdown: string): string {
  let inFence = false;
  const lines: string[] = [];
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```') || line.startsWith('~~~')) {
      inFence = !inFence;
      if (lines.length) break;
      continue;
    }
    if (inFence) continue;
    if (line === '' || NOT_PROSE.test(line)) {
      if (lines.length) break;
      continue;
    }
    lines.push(line);
  }
  const text = lines.join(' ').replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length > MAX_DESCRIPTION_CHARS
    ? chars.slice(0, MAX_DESCRIPTION_CHARS - 1).join('') + '…'
    : text;
}
