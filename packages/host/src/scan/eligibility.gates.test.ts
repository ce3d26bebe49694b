import { describe, expect, it } from 'vitest';
import type { OpenClawMetadata } from '@openclaw/skill-sdk';
import { checkEligibility, type EligibilityInput } from './eligibility.js';

const base = (over: Partial<EligibilityInput> = {}): EligibilityInput => ({
  name: 'demo',
  docFile: '/s/demo/SKILL.md',
  metadataLine: 3,
  manifestFile: '/s/demo/manifest.json',
  configFile: '/h/config.json',
  env: {},
  platform: 'linux',
  bins: new Set(),
  hostVersion: '1.0.0',
  ...over,
});
const oc = (openclaw: OpenClawMetadata) => ({ openclaw });
const messages = (input: EligibilityInput) =>
  checkEligibility(input).problems.map((p) => p.message);

describe('checkEligibility: metadata.openclaw gates', () => {
  const cases: [string, Partial<EligibilityInput>, string[]][] = [
    ['no metadata is eligible', {}, []],
    [
      'a missing binary is named',
      oc({ requires: { bins: ['op'] } }),
      ['requires binary `op` on PATH'],
    ],
    [
      'a present binary passes',
      { ...oc({ requires: { bins: ['op'] } }), bins: new Set(['op']) },
      [],
    ],
    [
      'every missing binary is named',
      { ...oc({ requires: { bins: ['curl', 'git', 'gh'] } }), bins: new Set(['git']) },
      ['requires binary `curl` on PATH', 'requires binary `gh` on PATH'],
    ],
    [
      'anyBins: none present',
      oc({ requires: { anyBins: ['claude', 'codex'] } }),
      ['requires one of the binaries `claude`, `codex` on PATH'],
    ],
    [
      'anyBins: one present',
      { ...oc({ requires: { anyBins: ['claude', 'codex'] } }), bins: new Set(['codex']) },
      [],
    ],
    ['os mismatch', oc({ os: ['darwin'] }), ['runs only on darwin (this host is linux)']],
    ['os match', oc({ os: ['darwin', 'linux'] }), []],
    ['os alias macos', { ...oc({ os: ['macos'] }), platform: 'darwin' }, []],
    [
      'missing env names the variable and the config file',
      oc({ requires: { env: ['NOTION_API_KEY'] } }),
      [
        'requires environment variable `NOTION_API_KEY` (set it, or add it to skills.demo.env in /h/config.json)',
      ],
    ],
    ['env from the environment', { ...oc({ requires: { env: ['K'] } }), env: { K: 'v' } }, []],
    [
      'env from skills.<name>.env',
      { ...oc({ requires: { env: ['K'] } }), settings: { env: { K: 'v' } } },
      [],
    ],
    [
      'env from skills.<name>.secrets',
      { ...oc({ requires: { env: ['K'] }, primaryEnv: 'K' }), settings: { secrets: { K: 'v' } } },
      [],
    ],
    [
      'an empty env value does not count',
      { ...oc({ requires: { env: ['K'] } }), env: { K: '' } },
      [
        'requires environment variable `K` (set it, or add it to skills.demo.env in /h/config.json)',
      ],
    ],
    [
      'always: true skips the gates',
      oc({ always: true, os: ['win32'], requires: { bins: ['nope'], env: ['NOPE'] } }),
      [],
    ],
  ];
  it.each(cases)('%s', (_, over, expected) => {
    expect(messages(base(over))).toEqual(expected);
  });

  it('problems point at SKILL.md and its metadata line', () => {
    const [p] = checkEligibility(base(oc({ requires: { bins: ['op'] } }))).problems;
    expect(p).toMatchObject({
      code: 'REQUIRES_BIN',
      severity: 'error',
      file: '/s/demo/SKILL.md',
      line: 3,
    });
  });
});

describe('checkEligibility: host range', () => {
  it('an unsatisfied range names both versions and manifest.json', () => {
    const [p, ...rest] = checkEligibility(base({ manifest: { host: '^2' } })).problems;
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      code: 'HOST_RANGE_UNSATISFIED',
      file: '/s/demo/manifest.json',
      field: 'host',
    });
    expect(p!.message).toContain('"^2"');
    expect(p!.message).toContain('1.0.0');
  });
  it('a satisfied range passes', () => {
    expect(checkEligibility(base({ manifest: { host: '^1' } })).problems).toEqual([]);
  });
  it('always: true does not skip the host range', () => {
    expect(
      checkEligibility(base({ ...oc({ always: true }), manifest: { host: '>=3' } })).problems,
    ).toHaveLength(1);
  });
});

describe('checkEligibility: skill config', () => {
  const schema = {
    type: 'object',
    properties: {
      units: { enum: ['metric', 'imperial'], default: 'metric' },
      url: { type: 'string', format: 'uri', default: 'https://example.com' },
      nested: { type: 'object', properties: { depth: { type: 'integer', minimum: 1 } } },
    },
    additionalProperties: false,
  };

  it('no settings: the defaults', () => {
    const r = checkEligibility(base({ manifest: { config: schema } }));
    expect(r.problems).toEqual([]);
    expect(r.config).toEqual({ units: 'metric', url: 'https://example.com' });
  });

  it('settings are validated and completed with defaults', () => {
    const r = checkEligibility(
      base({ manifest: { config: schema }, settings: { config: { units: 'imperial' } } }),
    );
    expect(r.problems).toEqual([]);
    expect(r.config).toEqual({ units: 'imperial', url: 'https://example.com' });
  });

  it('invalid settings: each problem names the JSON path and the config file', () => {
    const settings = { config: { units: 'kelvin', nested: { depth: 0 }, extra: true } };
    const r = checkEligibility(base({ manifest: { config: schema }, settings }));
    const fields = r.problems.map((p) => p.field).sort();
    expect(fields).toEqual([
      '/skills/demo/config',
      '/skills/demo/config/nested/depth',
      '/skills/demo/config/units',
    ]);
    for (const p of r.problems) {
      expect(p.code).toBe('CONFIG_INVALID');
      expect(p.file).toBe('/h/config.json');
      expect(p.message).toContain('/h/config.json');
    }
    expect(r.problems.find((p) => p.field === '/skills/demo/config/units')!.message).toContain(
      'must be one of "metric", "imperial"',
    );
  });

  it('the settings object in the host config is not mutated by defaults', () => {
    const settings = { config: { units: 'imperial' } };
    checkEligibility(base({ manifest: { config: schema }, settings }));
    expect(settings.config).toEqual({ units: 'imperial' });
  });

  it('a required key without a default and no settings is reported', () => {
    const r = checkEligibility(
      base({
        manifest: {
          config: {
            type: 'object',
            properties: { token: { type: 'string' } },
            required: ['token'],
          },
        },
      }),
    );
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.message).toContain("must have required property 'token'");
  });

  it('a broken config schema makes the skill invalid, naming manifest.json', () => {
    const r = checkEligibility(
      base({
        manifest: { config: { type: 'object', properties: { a: { type: 'nonsense' } } } },
        settings: { config: {} },
      }),
    );
    expect(r.problems).toEqual([]);
    expect(r.invalid).toMatchObject([
      { code: 'CONFIG_SCHEMA_INVALID', file: '/s/demo/manifest.json' },
    ]);
  });
});
