// The operator's install policy hook: `install.policyCommand` in the host config, run through
// the shell with the summary (manifest included) as JSON on stdin. It answers on stdout with
// `allow`, `warn` or `block`, optionally followed by a reason (`block: no network skills`),
// or with JSON `{ "decision": ..., "reason": ... }`. Anything else fails closed: a non-zero
// exit, a timeout, a crash or an answer it cannot read blocks the install.
import { spawn } from 'node:child_process';
import type { Manifest } from '@openclaw/skill-sdk';
import type { InstallSummary } from './types.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export type PolicyDecision = NonNullable<InstallSummary['policy']>;

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_OUTPUT = 64 * 1024;

export function parsePolicyAnswer(stdout: string): PolicyDecision | undefined {
  const text = stdout.trim();
  if (text.startsWith('{')) {
    try {
      const o = JSON.parse(text) as { decision?: unknown; reason?: unknown };
      if (o.decision === 'allow' || o.decision === 'warn' || o.decision === 'block') {
        return { decision: o.decision, ...(typeof o.reason === 'string' && { reason: o.reason }) };
      }
    } catch {
      return undefined;
    }
    return undefined;
  }
  const m = /^(allow|warn|block)\b[:\s-]*([^\n]*)/i.exec(text);
  if (!m) return undefined;
  const reason = m[2]!.trim();
  return { decision: m[1]!.toLowerCase() as PolicyDecision['decision'], ...(reason && { reason }) };
}

export async function runPolicyHook(
  command: string,
  input: { summary: InstallSummary; manifest?: Manifest; packageJson?: unknown },
  opts: { env: NodeJS.ProcessEnv; cwd: string; timeoutMs?: number },
): Promise<PolicyDecision> {
  const block = (reason: string): PolicyDecision => ({ decision: 'block', reason });
  return new Promise((resolve) => {
    let out = '';
    let settled = false;
    const done = (d: PolicyDecision) => {
      if (!settled) {
        settled = true;
        resolve(d);
      }
    };
    let child;
    try {
      child = spawn(command, {
        shell: true,
        cwd: opts.cwd,
        env: opts.env,
        stdio: ['pipe', 'pipe', 'ignore'],
      });
    } catch (e) {
      done(block(`the policy command could not start: ${messageOf(e)}`));
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      done(
        block(
          `the policy command did not answer within ${opts.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`,
        ),
      );
    }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      if (out.length < MAX_OUTPUT) out += chunk.toString('utf8');
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      done(block(`the policy command failed: ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return done(block(`the policy command exited with ${code}`));
      done(parsePolicyAnswer(out) ?? block('the policy command gave no allow/warn/block answer'));
    });
    // A hook that does not read stdin closes the pipe early: not an error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(input));
  });
}
