// Putting the skills text into a system prompt, or replacing the one already there, so a
// host that injects on every turn never stacks blocks. A block already there runs from the
// preamble's first line (when it comes before the element) through </available_skills>.
import { CLOSE, OPEN, PREAMBLE_FIRST_LINE } from './blocks.js';

/** Where a skills block sits in a text: [start, end) offsets, or undefined. */
export function findSkillsBlock(text: string): [number, number] | undefined {
  const open = text.indexOf(OPEN);
  if (open < 0) return undefined;
  const close = text.indexOf(CLOSE, open);
  if (close < 0) return undefined;
  const preamble = text.lastIndexOf(PREAMBLE_FIRST_LINE, open);
  return [preamble >= 0 ? preamble : open, close + CLOSE.length];
}

/**
 * Appends `promptText` (renderPrompt's `text`) after a blank line, or replaces the block
 * already in the prompt. An empty `promptText` removes a block that is there.
 */
export function injectSkills(systemPrompt: string, promptText: string): string {
  const at = findSkillsBlock(systemPrompt);
  if (at) {
    const [start, end] = at;
    if (promptText !== '')
      return systemPrompt.slice(0, start) + promptText + systemPrompt.slice(end);
    const before = systemPrompt.slice(0, start).trimEnd();
    const after = systemPrompt.slice(end).trimStart();
    return before && after ? `${before}\n\n${after}` : before || after;
  }
  if (promptText === '') return systemPrompt;
  if (systemPrompt.trim() === '') return promptText;
  const gap = systemPrompt.endsWith('\n\n') ? '' : systemPrompt.endsWith('\n') ? '\n' : '\n\n';
  return systemPrompt + gap + promptText;
}
