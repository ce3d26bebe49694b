import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/skill-folders.js';
import { parsePolicyAnswer, runPolicyHook } from './policy-hook.js';
import type { InstallSummary } from './types.js';

const summary = {
  name: 'demo',
  package: 'oc-skill-demo',
  version: '1.0.0',
} as InstallSummary;

const run = async (command: string, timeoutMs?: number) =>
  runPolicyHook(
    command,
    { summary },
    {
      env: { PATH: process.env.PATH ?? '' },
      cwd: await tempDir(),
      ...(timeoutMs !== undefined && { timeoutMs }),
    },
  );

describe('install policy hook', () => {
  it('reads allow / warn / block with a reason, as words or JSON', () => {
    expect(parsePolicyAnswer('allow\n')).toEqual({ decision: 'allow' });
    expect(parsePolicyAnswer('WARN: uses the network')).toEqual({
      decision: 'warn',
      reason: 'uses the network',
    });
    expect(parsePolicyAnswer('{"decision":"block","reason":"unsigned"}')).toEqual({
      decision: 'block',
      reason: 'unsigned',
    });
    expect(parsePolicyAnswer('maybe')).toBeUndefined();
    expect(parsePolicyAnswer('{"decision":"sure"}')).toBeUndefined();
    expect(parsePolicyAnswer('')).toBeUndefined();
  });

  it('gets the summary as JSON on stdin', async () => {
    // Allows only when the package name arrives on stdin.
    const d = await run(
      `node -e "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>console.log(JSON.parse(s).summary.package==='oc-skill-demo'?'allow':'block'))"`,
    );
    expect(d).toEqual({ decision: 'allow' });
  });

  it('fails closed: non-zero exit, no answer, a missing command and a timeout all block', async () => {
    expect(await run('echo allow; exit 2')).toEqual({
      decision: 'block',
      reason: 'the policy command exited with 2',
    });
    expect(await run('true')).toEqual({
      decision: 'block',
      reason: 'the policy command gave no allow/warn/block answer',
    });
    expect((await run('/nonexistent/policy-hook')).decision).toBe('block');
    expect(await run('sleep 5', 50)).toEqual({
      decision: 'block',
      reason: 'the policy command did not answer within 50 ms',
    });
  });
});
