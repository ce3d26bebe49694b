// The public surface is deliberate: adding or removing a runtime export of
// `@openclaw/skill-host` changes this list and needs a reason (internals go to ./internal).
import { describe, expect, it } from 'vitest';
import * as publicApi from './index.js';
import * as internal from './internal.js';

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

  it('keeps scan, snapshot, config and name-map internals out of it, in ./internal', () => {
    for (const name of ['scanSkills', 'createSnapshot', 'nameMapFor', 'mergeHostConfig']) {
      expect(publicApi).not.toHaveProperty(name);
      expect(typeof (internal as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
