// The public surface is deliberate: adding or removing a runtime export of
// `@openclaw/skill-host` changes this list and needs a reason (internals go to ./internal).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as publicApi from './index.js';
import type { HostAuth } from './index.js';
import * as internal from './internal.js';

/** What an embedder may do with `host.auth`: nothing here hands out a token or the vault. */
const AUTH_METHODS = ['deleteKey', 'list', 'login', 'logout', 'needsLogin', 'setKey'] as const;

describe('@openclaw/skill-host exports', () => {
  it('exports exactly the embedding API at runtime', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'HOST_API_VERSION',
      'TOOL_FORMATS',
      'createSkillHost',
      'fromWireCalls',
      'hostConfigSchema',
      'toWireResult',
      'wireName',
    ]);
  });

  it('keeps snapshot, config, format and auth internals out of it, in ./internal', () => {
    for (const name of ['createSnapshot', 'loadHostConfig', 'toolDefinitions', 'internalAuth']) {
      expect(publicApi).not.toHaveProperty(name);
      expect(typeof (internal as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('host.auth has exactly the public auth methods; tokens, keys and the vault are internal', async () => {
    expectTypeOf<keyof HostAuth>().toEqualTypeOf<(typeof AUTH_METHODS)[number]>();
    const dir = await mkdtemp(join(tmpdir(), 'public-api-'));
    const host = await publicApi.createSkillHost({
      home: join(dir, 'home'),
      userHome: dir,
      workspace: dir,
      env: {},
      scanCache: false,
    });
    try {
      expect(Object.keys(host.auth).sort()).toEqual([...AUTH_METHODS]);
      for (const hidden of ['token', 'getKey', 'vault', 'grants', 'knownValues', 'version']) {
        expect(host.auth).not.toHaveProperty(hidden);
        expect(internal.internalAuth(host)).toHaveProperty(hidden);
      }
    } finally {
      await host.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
