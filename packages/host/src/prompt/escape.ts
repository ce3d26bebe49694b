// The two escaping rules the prompt formats follow. OpenClaw's block uses the five XML
// entities; skills-ref (Python's html.escape) writes the apostrophe as &#x27;.
const XML: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const HTML: Record<string, string> = { ...XML, "'": '&#x27;' };
const SPECIAL = /[&<>"']/g;

/** `& < > " '` as `&amp; &lt; &gt; &quot; &apos;` (openclaw format). */
export const escapeXml = (s: string): string => s.replace(SPECIAL, (c) => XML[c]!);

/** `& < > " '` as `&amp; &lt; &gt; &quot; &#x27;` (agentskills format, like html.escape). */
export const escapeHtml = (s: string): string => s.replace(SPECIAL, (c) => HTML[c]!);
