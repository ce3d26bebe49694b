// The two shapes of the <available_skills> element and the openclaw preamble. Each entry
// renders on its own, so the budget can add up entry lengths without re-rendering.
import { sep } from 'node:path';
import { escapeHtml, escapeXml } from './escape.js';
import { UNTRUSTED_PREAMBLE } from '../router/untrusted.js';

export type PromptFormat = 'openclaw' | 'agentskills';

/** One skill as the block shows it (raw text; escaping happens in render). */
export interface PromptEntry {
  name: string;
  description: string;
  location: string;
}

/**
 * Our own wording of what OpenClaw's preamble says. Its first line is how injectSkills
 * finds a block already in a system prompt, so change it only with that in mind.
 */
export const PREAMBLE_FIRST_LINE =
  'The skills below give you specialized instructions for particular kinds of tasks.';
/**
 * The preamble naming the tool the model reads files with: `read` (an embedder's own file
 * tool, OpenClaw's wording) or the host's `skills_read` in the caller's wire format.
 */
export function preambleFor(readTool = 'read'): string {
  const tool = readTool === 'read' ? 'the read tool' : `the \`${readTool}\` tool`;
  return [
    PREAMBLE_FIRST_LINE,
    `When a task matches a skill's description, first read that skill's SKILL.md (its <location>) with ${tool}, then follow it.`,
    "Paths written inside a skill's files are relative to that skill's folder, the one holding its SKILL.md: resolve them against it. A location starting with ~/ is in the user's home folder.",
    UNTRUSTED_PREAMBLE,
  ].join('\n');
}
export const PREAMBLE = preambleFor('read');

export const OPEN = '<available_skills>';
export const CLOSE = '</available_skills>';
const HEAD = `${OPEN}\n`;

/** Shows a path under the home folder as `~/...` (openclaw format). */
export function displayLocation(location: string, home: string): string {
  const h = home.endsWith(sep) ? home.slice(0, -1) : home;
  if (h === '' || !location.startsWith(h + sep)) return location;
  return `~/${location.slice(h.length + 1)}`;
}

export function renderEntry(format: PromptFormat, e: PromptEntry): string {
  if (format === 'openclaw') {
    return (
      `  <skill>\n    <name>${escapeXml(e.name)}</name>\n` +
      `    <description>${escapeXml(e.description)}</description>\n` +
      `    <location>${escapeXml(e.location)}</location>\n  </skill>\n`
    );
  }
  // skills-ref to-prompt: one element or value a line; the location is not escaped there.
  return (
    `<skill>\n<name>\n${escapeHtml(e.name)}\n</name>\n` +
    `<description>\n${escapeHtml(e.description)}\n</description>\n` +
    `<location>\n${e.location}\n</location>\n</skill>\n`
  );
}

/** Characters the block and text add around the entries (for budget arithmetic). */
export function frameChars(format: PromptFormat, preamble = PREAMBLE): number {
  const element = HEAD.length + CLOSE.length;
  return format === 'openclaw' ? preamble.length + 2 + element : element;
}

export function assemble(
  format: PromptFormat,
  renderedEntries: readonly string[],
  preamble = PREAMBLE,
): { text: string; block: string } {
  // Nothing to offer: no element and no preamble (as OpenClaw does), so injecting it
  // leaves a system prompt without a stray empty block.
  if (renderedEntries.length === 0) return { text: '', block: '' };
  const block = HEAD + renderedEntries.join('') + CLOSE;
  return { text: format === 'openclaw' ? `${preamble}\n\n${block}` : block, block };
}
