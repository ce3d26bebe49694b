// RFC 2822 message building and Gmail's base64url payload decoding.

export interface Outgoing {
  to: string;
  cc?: string;
  subject: string;
  body: string;
}

/** Non-ASCII header text as an RFC 2047 encoded word. */
const encodeHeader = (s: string) =>
  /^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`;

/** Header values must not smuggle extra headers in. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export function buildRawMessage(m: Outgoing): string {
  const headers = [
    `To: ${oneLine(m.to)}`,
    ...(m.cc ? [`Cc: ${oneLine(m.cc)}`] : []),
    `Subject: ${encodeHeader(oneLine(m.subject))}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
  ];
  const body = Buffer.from(m.body.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64');
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}`, 'utf8').toString('base64url');
}

export interface GmailPart {
  mimeType?: string;
  body?: { data?: string; size?: number };
  parts?: GmailPart[];
  headers?: Array<{ name: string; value: string }>;
}

/** The first text/plain part of a message payload, decoded. */
export function plainText(part: GmailPart | undefined): string | undefined {
  if (!part) return undefined;
  if (part.mimeType === 'text/plain' && part.body?.data) {
    return Buffer.from(part.body.data, 'base64url').toString('utf8');
  }
  for (const p of part.parts ?? []) {
    const t = plainText(p);
    if (t !== undefined) return t;
  }
  return undefined;
}

export function header(part: GmailPart | undefined, name: string): string | undefined {
  return part?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
}
