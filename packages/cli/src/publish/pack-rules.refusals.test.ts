import { describe, expect, it } from 'vitest';
import { refusals, testsMeant } from './pack-rules.js';

const files = (...paths: string[]) => paths.map((path) => ({ path, text: '' }));

describe('pack refusals', () => {
  it('refuses .env files anywhere, by name, and lets ordinary files pass', () => {
    expect(
      refusals(
        files(
          '.env',
          'config/.env.production',
          '.ENV.local',
          'dist/index.js',
          'SKILL.md',
          'env.md',
        ),
      ).map((r) => [r.file, r.rule]),
    ).toEqual([
      ['.env', 'ENV_FILE'],
      ['config/.env.production', 'ENV_FILE'],
      ['.ENV.local', 'ENV_FILE'],
    ]);
  });

  it('refuses key files by name and any file whose text holds a PRIVATE KEY block', () => {
    const r = refusals([
      { path: 'certs/server.pem', text: '' },
      { path: 'id_rsa', text: '' },
      { path: 'keys/signing.key', text: '' },
      { path: 'id_rsa.pub', text: 'ssh-rsa AAAA' },
      { path: 'dist/fixture.js', text: 'const k = `-----BEGIN OPENSSH PRIVATE KEY-----\nabc`;' },
      { path: 'dist/ok.js', text: 'const k = "PUBLIC KEY";' },
    ]);
    expect(r.map((x) => [x.file, x.rule, x.reason])).toEqual([
      ['certs/server.pem', 'PRIVATE_KEY', 'it is named like a private key'],
      ['id_rsa', 'PRIVATE_KEY', 'it is named like a private key'],
      ['keys/signing.key', 'PRIVATE_KEY', 'it is named like a private key'],
      ['dist/fixture.js', 'PRIVATE_KEY', 'it contains a PRIVATE KEY block'],
    ]);
  });

  it('refuses an .npmrc holding a token and lets one with only settings pass', () => {
    expect(
      refusals([
        {
          path: '.npmrc',
          text: 'registry=http://127.0.0.1:4873/\n//127.0.0.1:4873/:_authToken=abc\n',
        },
      ]),
    ).toEqual([{ file: '.npmrc', rule: 'NPMRC_TOKEN', reason: 'it holds a registry token' }]);
    expect(
      refusals([{ path: '.npmrc', text: 'engine-strict=true\n# _authToken= is not set\n' }]),
    ).toEqual([]);
  });

  it('refuses tests unless package.json "files" names them', () => {
    const shipped = files(
      'dist/index.js',
      'dist/index.test.js',
      'test/helper.js',
      'src/__tests__/a.ts',
    );
    expect(refusals(shipped, ['dist', 'test']).map((r) => r.file)).toEqual([
      'dist/index.test.js',
      'src/__tests__/a.ts',
    ]);
    expect(refusals(shipped, ['dist']).map((r) => r.file)).toEqual([
      'dist/index.test.js',
      'test/helper.js',
      'src/__tests__/a.ts',
    ]);
    expect(testsMeant(['dist/**/*.test.js'], 'dist/index.test.js')).toBe(true);
    expect(testsMeant(['./tests/'], 'tests/a.js')).toBe(true);
    expect(testsMeant(['dist'], 'dist/index.test.js')).toBe(false);
  });
});
