import { describe, expect, it } from 'vitest';
import { SkillError } from '@openclaw/skill-sdk';
import { validateHostConfig } from './load.js';

const thrown = (f: () => unknown): SkillError => {
  try {
    f();
  } catch (e) {
    return e as SkillError;
  }
  throw new Error('expected a throw');
};

describe('host config and mcpServers entries', () => {
  it('a bad mcpServers entry does not make the config invalid (the MCP client reports it)', () => {
    const config = {
      mcpServers: {
        good: { transport: 'sse', url: 'http://127.0.0.1:1/mcp' },
        bad: { command: 'x', autoStart: true, timeoutMs: 'soon' },
        worse: 5,
      },
    };
    expect(validateHostConfig(config, '/h/config.json')).toBe(config);
  });

  it('a mistake outside the entries is still CONFIG_INVALID naming the key, even beside a bad entry', () => {
    const e = thrown(() =>
      validateHostConfig({ mcpServers: { bad: { nope: 1 } }, polcy: {} }, '/h/config.json'),
    );
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain('unknown key "polcy" at /');
    expect(e.message).not.toContain('nope');
  });

  it('mcpServers that is not an object is CONFIG_INVALID', () => {
    const e = thrown(() => validateHostConfig({ mcpServers: [] }, '/h/config.json'));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.message).toContain('/mcpServers must be object');
  });
});
