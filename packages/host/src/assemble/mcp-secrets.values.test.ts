import { describe, expect, it } from 'vitest';
import type { HostConfig } from '../config/schema.js';
import { mcpSecretValues } from './mcp-secrets.js';

describe('mcpSecretValues', () => {
  it('lists header and env values of 8+ chars and the token of a "Bearer <token>" header', () => {
    const config = {
      mcpServers: {
        a: { command: 'x', env: { API_KEY: 'abcdefgh12', SHORT: 'abc' } },
        b: { url: 'http://127.0.0.1/', headers: { Authorization: 'Bearer tok-123456789' } },
      },
    } as unknown as HostConfig;
    expect(mcpSecretValues(config).sort()).toEqual(
      ['abcdefgh12', 'Bearer tok-123456789', 'tok-123456789'].sort(),
    );
  });

  it('skips entries that are not maps and values that are not strings', () => {
    const config = {
      mcpServers: { broken: { headers: ['not-a-map-value'], env: { N: 123456789 } }, nul: null },
    } as unknown as HostConfig;
    expect(mcpSecretValues(config)).toEqual([]);
  });
});
