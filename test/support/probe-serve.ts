// One serve for the suites that point an outside MCP tool at it (MCP Inspector, the
// conformance suite): a code skill `echo` with one tool and a docs-only skill `guide`, in a
// temp root with its own home, workspace and user folder, tokens in memory.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryVault } from '../../packages/host/src/auth/index.js';
import { startServe, type RunningServe } from '../../packages/host/src/serve/serve.js';
import { writeCodeSkill, writeDocsSkill } from '../../packages/host/src/testing/skill-folders.js';

export async function startProbeServe(
  prefix: string,
  guideBody: string,
): Promise<{ root: string; serve: RunningServe }> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await writeCodeSkill(join(root, 'ws', 'skills'), 'echo', { tools: ['say'] });
  await writeDocsSkill(join(root, 'ws', 'skills'), 'guide', {
    description: 'A guide.',
    body: guideBody,
  });
  const serve = await startServe({
    home: join(root, 'home'),
    workspace: join(root, 'ws'),
    userHome: join(root, 'user'),
    env: {},
    port: 0,
    watch: false,
    auth: { vault: createMemoryVault() },
  });
  return { root, serve };
}
