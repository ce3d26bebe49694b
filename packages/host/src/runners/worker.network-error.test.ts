// A failed network call inside a worker-run skill crosses the thread with its cause chain, so
// the router reports NETWORK_ERROR naming the host and the cause, as it does for inline skills.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSkillHost, type SkillHost } from '../host.js';
import { tempDir, writeCodeSkill } from '../testing/skill-folders.js';

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

let host: SkillHost | undefined;
afterEach(() => host?.close());

describe('worker runner network failures', () => {
  it('fetch to a refused loopback port in a worker-run skill is NETWORK_ERROR naming 127.0.0.1:<port> and ECONNREFUSED', async () => {
    const port = await closedPort();
    const root = await tempDir();
    await writeCodeSkill(join(root, 'ws', 'skills'), 'net', {
      tools: ['get'],
      code: `export default { createTools() { return { 'net.get': () => fetch('http://127.0.0.1:${port}/forecast') }; } };\n`,
    });
    host = await createSkillHost({
      workspace: join(root, 'ws'),
      home: join(root, 'home'),
      userHome: join(root, 'user'),
      env: { OPENCLAW_SKILLS_LOG_LEVEL: 'silent' },
      config: { runner: 'worker' },
    });
    const r = await host.call({ name: 'net.get', input: {} });
    expect(r).toMatchObject({
      isError: true,
      code: 'NETWORK_ERROR',
      details: { cause: 'ECONNREFUSED', host: `127.0.0.1:${port}` },
    });
  });
});
