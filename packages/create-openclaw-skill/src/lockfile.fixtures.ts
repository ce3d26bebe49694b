// A template lockfile as `pnpm templates:lock` writes one: no `resolved`, no `integrity`.
import type { Lockfile } from './lockfile.js';

export function templateLockfile(): Lockfile {
  return {
    name: 'my-skill',
    lockfileVersion: 3,
    packages: {
      '': { name: 'my-skill', version: '0.1.0', dependencies: { '@openclaw/skill-sdk': '0.3.0' } },
      'node_modules/@openclaw/skill-sdk': { version: '0.3.0', dependencies: { ajv: '8.20.0' } },
      'node_modules/ajv': { version: '8.20.0' },
      'node_modules/vite/node_modules/@types/estree': { version: '1.0.8', dev: true },
      'node_modules/@rolldown/binding-darwin-arm64': {
        version: '1.2.19',
        optional: true,
        os: ['darwin'],
      },
      'node_modules/local-thing': { link: true, resolved: 'packages/local-thing' },
    },
  };
}
