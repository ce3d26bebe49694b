// A skill's runtime dependencies, installed inside its store folder by npm itself with
// install scripts disabled and dev dependencies left out (DESIGN.md 7). Skipped entirely for
// the common case of a package without dependencies (most skills bundle or have none).
import { execFile } from 'node:child_process';
import { SkillError } from '@openclaw/skill-sdk';

export async function installDependencies(
  dir: string,
  opts: { registry: string; cache: string; env: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<void> {
  const args = [
    'install',
    '--omit=dev',
    '--omit=peer',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    '--no-save',
    '--loglevel=error',
    `--registry=${opts.registry}`,
    `--cache=${opts.cache}`,
  ];
  await new Promise<void>((resolve, reject) => {
    execFile(
      'npm',
      args,
      {
        cwd: dir,
        env: { ...opts.env, npm_config_update_notifier: 'false' },
        maxBuffer: 4 * 1024 * 1024,
        windowsHide: true,
        ...(opts.signal && { signal: opts.signal }),
      },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const line =
          String(stderr)
            .split('\n')
            .find((l) => /ERR!/.test(l)) ?? err.message;
        reject(
          new SkillError(
            'INSTALL_FAILED',
            `Installing the skill's dependencies failed: ${line.replace(/^npm ERR!\s*/, '').trim()}`,
            {
              cause: err,
              hint: 'Check the registry (--registry) and that every dependency is published there.',
            },
          ),
        );
      },
    );
  });
}
