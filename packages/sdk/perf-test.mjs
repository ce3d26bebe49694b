import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
let t = performance.now();
const YAML = require('yaml');
console.log('load yaml', (performance.now() - t).toFixed(1));
t = performance.now();
const matter = require('gray-matter');
console.log('load gray-matter', (performance.now() - t).toFixed(1));
const fm = (i) => `name: bench-skill-${i}\ndescription: "Helps with calendar notes (skill ${i}). Use when the user asks about calendar."\nmetadata: { "openclaw": { "emoji": "🧪" } }\n`;
const body = '\n# x\n' + '- Step 1: work with calendar item; check the result before going on.\n'.repeat(12);
for (const round of [0, 1]) {
t = performance.now();
for (let i = 0; i < 1000; i++) matter(`---\n${fm(i)}---\n${body}`, {});
console.log('gray-matter js-yaml x1000', (performance.now() - t).toFixed(1));
t = performance.now();
for (let i = 0; i < 1000; i++) YAML.parseDocument(fm(i), { schema: 'core' }).toJS();
console.log('yaml parseDocument+toJS x1000', (performance.now() - t).toFixed(1));
t = performance.now();
for (let i = 0; i < 1000; i++) { const lc = new YAML.LineCounter(); YAML.parseDocument(fm(i), { schema: 'core', lineCounter: lc, keepSourceTokens: false }).toJS(); }
console.log('yaml +linecounter x1000', (performance.now() - t).toFixed(1));
t = performance.now();
for (let i = 0; i < 1000; i++) matter(`---\n${fm(i)}---\n${body}`, { engines: { yaml: { parse: (s) => YAML.parseDocument(s, { schema: 'core' }).toJS() } } });
console.log('gray-matter+yaml x1000', (performance.now() - t).toFixed(1));
}
const d = YAML.parseDocument('name: 010\nd: 2024-01-01\nx: 1.50\ndescription: Use when: foo\n', { schema: 'core', lineCounter: new YAML.LineCounter() });
console.log(d.errors.map(e => [e.code, e.message, e.linePos]));
const d2 = YAML.parseDocument('name: 010\nd: 2024-01-01\nx: 1.50 # c\ny: "q"\n', { schema: 'core' });
console.log(d2.contents.items.map(p => [p.key.value, p.value.value, p.value.source, p.value.type, p.key.range]));
const d3 = YAML.parseDocument('meta: &a [*a]\n');
console.log(d3.errors, d3.warnings);
try { console.log(d3.toJS()) } catch (e) { console.log('toJS', e.message) }
