// Command-line options as plain data. Parsed with node:util's parseArgs (strict: an unknown
// flag is a usage error), and the package manager read from npm_config_user_agent the way
// create-vite does, so `pnpm create` installs with pnpm.
import { parseArgs } from 'node:util';
import { SkillError } from '@openclaw/skill-sdk';

export const TEMPLATES = ['tool', 'oauth', 'docs'] as const;
export type TemplateName = (typeof TEMPLATES)[number];
export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

export interface CreateOptions {
  dir?: string;
  template?: string;
  description?: string;
  yes: boolean;
  git: boolean;
  install: boolean;
  /** From a checkout: depend on registry versions instead of the checkout's packed packages. */
  registryDeps: boolean;
  packageManager?: string;
  help: boolean;
  version: boolean;
}

export const USAGE = `Usage: create-openclaw-skill [folder] [options]

Creates an OpenClaw skill in a new folder; its name is the npm package and skill
name.

Options:
  -t, --template <name>       tool (default: a TypeScript skill with one tool),
                              oauth (calls an OAuth API with per-tool scopes),
                              docs (SKILL.md only)
  -d, --description <text>    what the skill does and when to use it
  -y, --yes                   take the defaults, ask nothing
      --pm <npm|pnpm|yarn>    package manager to install with
                              (default: the one running this)
      --skip-install          do not install dependencies
      --no-git                do not run git init
      --registry-deps         run from a clone of openclaw-skills: depend on
                              the registry's versions instead of the clone's
                              own packages (packed into .openclaw/packages/)
  -h, --help                  this help
  -v, --version               the version

Exit status: 0 created; 1 refused (a bad name or description, a folder that is
not empty) or failed; 2 bad usage (an unknown option, template or --pm, or no
name).

Examples:
  npm create openclaw-skill my-skill
  npm create openclaw-skill my-skill -- --template oauth --yes
`;

export function parseOptions(argv: string[]): CreateOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      template: { type: 'string', short: 't' },
      description: { type: 'string', short: 'd' },
      yes: { type: 'boolean', short: 'y' },
      pm: { type: 'string' },
      'skip-install': { type: 'boolean' },
      'no-git': { type: 'boolean' },
      'registry-deps': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  if (positionals.length > 1)
    throw new SkillError('USAGE', `Expected one folder name, got ${positionals.length}.`, {
      hint: 'Run with --help for usage.',
    });
  return {
    ...(positionals[0] !== undefined && { dir: positionals[0] }),
    ...(values.template !== undefined && { template: values.template }),
    ...(values.description !== undefined && { description: values.description }),
    ...(values.pm !== undefined && { packageManager: values.pm }),
    yes: values.yes === true,
    git: values['no-git'] !== true,
    install: values['skip-install'] !== true,
    registryDeps: values['registry-deps'] === true,
    help: values.help === true,
    version: values.version === true,
  };
}

/** `pnpm/9.1.0 npm/? node/v20...` -> `pnpm`; npm when unknown. */
export function detectPackageManager(userAgent: string | undefined): PackageManager {
  const name = userAgent?.split(' ')[0]?.split('/')[0];
  return (PACKAGE_MANAGERS as readonly string[]).includes(name ?? '')
    ? (name as PackageManager)
    : 'npm';
}

/** Prompts only with a terminal on both ends, outside CI, and without --yes. */
export function canPrompt(
  opts: Pick<CreateOptions, 'yes'>,
  tty: boolean,
  env: NodeJS.ProcessEnv,
): boolean {
  const ci = env.CI !== undefined && !['', '0', 'false'].includes(env.CI);
  return !opts.yes && tty && !ci;
}
