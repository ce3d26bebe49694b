// The minimal inputs found by fuzzing, each with the time bound it must meet. `pnpm fuzz` and
// its CI test run every one of them on every run.
import { parseSkillMd } from '@openclaw/skill-sdk';
import {
  aliasLoop,
  billionLaughs,
  blankLines,
  deepFlow,
  deepManifest,
  emptyAuthEntries,
  emptyTools,
  trailingSpaces,
} from '../../packages/sdk/src/hostile-inputs.fixtures.js';
import { checkManifestText } from '../../packages/sdk/src/validate/manifest-file.js';
import { createRedactor } from '../../packages/host/src/redact/index.js';
import { shapeResult } from '../../packages/host/src/router/shape.js';

export interface Regression {
  name: string;
  /** The bound, per run of `run`, in milliseconds (no case over 1 s). */
  boundMs: number;
  run(): void;
  /**
   * Set while another part of the project owns the fix: a miss is reported as known, not
   * as a finding. Remove it when the fix lands (the run says so when the bound is met).
   */
  pending?: string;
}

const md = (text: string) => () => {
  parseSkillMd(text, { file: '/fuzz/demo/SKILL.md' });
};
const manifest = (text: string) => () => {
  checkManifestText(text, { dir: '/fuzz/gmail', file: '/fuzz/gmail/manifest.json' });
};

export const REGRESSIONS: Regression[] = [
  { name: 'SKILL.md self-referencing alias (meta: &a [*a])', boundMs: 1000, run: md(aliasLoop) },
  {
    name: 'SKILL.md alias bomb (billion laughs, 476 bytes)',
    boundMs: 1000,
    run: md(billionLaughs()),
  },
  { name: 'SKILL.md `name: 1` + 60,000 spaces', boundMs: 1000, run: md(trailingSpaces(60_000)) },
  { name: 'SKILL.md `name: 1` + 250,000 spaces', boundMs: 1000, run: md(trailingSpaces(250_000)) },
  { name: 'SKILL.md 60,000 blank lines', boundMs: 1000, run: md(blankLines(60_000)) },
  { name: 'SKILL.md flow nested 20,000 deep', boundMs: 1000, run: md(deepFlow(20_000)) },
  { name: 'SKILL.md flow nested 64 deep (the limit)', boundMs: 1000, run: md(deepFlow(64)) },
  {
    name: 'manifest auth map of 4,000 empty entries',
    boundMs: 1000,
    run: manifest(emptyAuthEntries(4_000)),
  },
  { name: 'manifest 30,000 empty tools', boundMs: 1000, run: manifest(emptyTools(30_000)) },
  { name: 'manifest nested 5,000 deep', boundMs: 1000, run: manifest(deepManifest(5_000)) },
  {
    name: 'tool result: 1 MB of BEGIN PRIVATE KEY lines without END',
    boundMs: 1000,
    run: () => {
      const text = '-----BEGIN PRIVATE KEY-----\n'.repeat(Math.ceil(1_000_000 / 28));
      shapeResult(text, 20_000, createRedactor([]));
    },
  },
];
