import { formatAuditLine } from '../../packages/host/src/audit/line.ts';
import { createRedactor } from '../../packages/host/src/redact/index.ts';
const r = createRedactor();
const mk = (i: number) => ({ time: Date.now(), callId: 'call_abc_' + i.toString(36), callIdGenerated: true, tool: 'echo.say', skill: 'echo', version: '1.0.0', sessionId: 's' + (i >> 7), decision: 'allowed' as const, approval: 'auto' as const, durationMs: 2.345, outcome: 'ok' as const, input: { text: 'hi ' + i }, inputJson: '{"text":"hi ' + i + '"}', output: 'hi ' + i, truncated: false, redactor: r });
const entries = Array.from({ length: 100000 }, (_, i) => mk(i));
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  let n = 0;
  for (const e of entries) n += formatAuditLine(e, false).length;
  console.log('format us/line', ((performance.now() - t) / entries.length * 1000).toFixed(3), n);
}
const t = performance.now();
for (const e of entries) r.text(e.sessionId);
console.log('redact session us', ((performance.now() - t) / entries.length * 1000).toFixed(3));
const t2 = performance.now();
for (const e of entries) r.text(e.output);
console.log('redact output us', ((performance.now() - t2) / entries.length * 1000).toFixed(3));
