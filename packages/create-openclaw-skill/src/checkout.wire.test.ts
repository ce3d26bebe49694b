import { describe, expect, it } from 'vitest';
import { wirePackageJson } from './checkout.js';

describe('wirePackageJson', () => {
  const tarballs = new Map([
    ['@openclaw/skill-sdk', 'openclaw-skill-sdk-0.3.0.tgz'],
    ['@openclaw/skill-cli', 'openclaw-skill-cli-0.3.0.tgz'],
  ]);

  it('names our packages as the packed tarballs in dependencies, devDependencies and overrides, and leaves the rest', () => {
    const wired = wirePackageJson(
      {
        name: 's',
        dependencies: { '@openclaw/skill-sdk': '0.3.0', zod: '4.0.0' },
        devDependencies: { '@openclaw/skill-cli': '0.3.0', typescript: '6.0.3' },
      },
      tarballs,
    );
    expect(wired).toEqual({
      name: 's',
      dependencies: {
        '@openclaw/skill-sdk': 'file:.openclaw/packages/openclaw-skill-sdk-0.3.0.tgz',
        zod: '4.0.0',
      },
      devDependencies: {
        '@openclaw/skill-cli': 'file:.openclaw/packages/openclaw-skill-cli-0.3.0.tgz',
        typescript: '6.0.3',
      },
      overrides: {
        '@openclaw/skill-sdk': 'file:.openclaw/packages/openclaw-skill-sdk-0.3.0.tgz',
        '@openclaw/skill-cli': 'file:.openclaw/packages/openclaw-skill-cli-0.3.0.tgz',
      },
    });
  });

  it('a docs skill without dependencies gets only the overrides', () => {
    const wired = wirePackageJson({ name: 'd', devDependencies: {} }, tarballs);
    expect(wired.dependencies).toBeUndefined();
    expect(Object.keys(wired.overrides!)).toEqual(['@openclaw/skill-sdk', '@openclaw/skill-cli']);
  });
});
