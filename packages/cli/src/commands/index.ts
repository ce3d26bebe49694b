// Every command of `openclaw-skill`, in the order `--help` lists them. To add one: write
// commands/<name>.ts exporting `configure(cmd, io)` and add one line here.
import type { CommandEntry } from '../command.js';

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'validate',
    summary: 'Check skill folders (package.json, manifest.json, SKILL.md) and list every problem',
    load: () => import('./validate.js'),
  },
  {
    name: 'list',
    summary: 'List the skills the host finds, with their status and problems',
    load: () => import('./list.js'),
  },
  {
    name: 'prompt',
    summary: 'Print the <available_skills> block for the system prompt',
    load: () => import('./prompt.js'),
  },
  {
    name: 'tools',
    summary: 'List the tools the host offers, or print their definitions for a provider',
    load: () => import('./tools.js'),
  },
  {
    name: 'call',
    summary: 'Call a tool through the host (policy, validation, approval, audit)',
    load: () => import('./call.js'),
  },
  {
    name: 'install',
    summary: 'Install a skill from npm (name@range), a .tgz/.zip, a folder or a git repository',
    load: () => import('./install.js'),
  },
  {
    name: 'update',
    summary: 'Update installed skills to the newest version in their range (all, or the one named)',
    load: () => import('./update.js'),
  },
  {
    name: 'outdated',
    summary:
      'List current, wanted (newest in the installed range) and latest versions of registry installs',
    load: () => import('./outdated.js'),
  },
  {
    name: 'remove',
    summary: 'Remove an installed skill (its store folder and lockfile entry; storage is kept)',
    load: () => import('./remove.js'),
  },
  {
    name: 'rollback',
    summary: 'Return an installed skill to the version before, or --to a kept one',
    load: () => import('./rollback.js'),
  },
  {
    name: 'link',
    summary:
      'Put an installed skill where Claude Code, Cursor, Codex, Gemini CLI or OpenClaw read skills',
    load: () => import('./link.js'),
  },
  {
    name: 'unlink',
    summary: 'Remove the links `link` made for a skill (every agent unless --agent is given)',
    load: () => import('./unlink.js'),
  },
  {
    name: 'dev',
    summary: 'Load one skill folder with live reload, printing each reload',
    load: () => import('./dev.js'),
  },
  {
    name: 'release',
    summary:
      'Version the skill from its changesets, check it as pack does, and publish it to the registry it prints first',
    load: () => import('./release.js'),
  },
  {
    name: 'serve',
    summary:
      'Run the host as a service: MCP (stdio or HTTP at /mcp) and the control API on 127.0.0.1',
    load: () => import('./serve.js'),
  },
  {
    name: 'dashboard',
    summary: 'Open the dashboard of the running serve in a browser, starting a serve if none runs',
    load: () => import('./dashboard.js'),
  },
  {
    name: 'auth',
    summary: 'Log skills in to OAuth providers, show grants, store and rotate API keys',
    load: () => import('./auth.js'),
  },
  {
    name: 'new',
    summary: 'Create a new skill from a template (tool, oauth, docs)',
    load: () => import('./new.js'),
  },
  {
    name: 'pack',
    summary:
      'Check, build and test a skill, list exactly what would ship, refuse secrets and unmeant tests, then write the tarball',
    load: () => import('./pack.js'),
  },
  {
    name: 'search',
    summary: 'Find skills on an npm registry (packages with the "openclaw-skill" keyword)',
    load: () => import('./search.js'),
  },
  {
    name: 'info',
    summary: "Show a published skill's tools, permissions and OAuth scopes before installing it",
    load: () => import('./info.js'),
  },
  {
    name: 'doctor',
    summary:
      'Check Node, the config, home permissions, the keychain, a running serve, installed skills against skills.lock.json, and MCP servers',
    load: () => import('./doctor.js'),
  },
];
