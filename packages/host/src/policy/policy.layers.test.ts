// Table-driven policy tests: deny beats allow at every layer, globs and groups, profiles,
// ownerOnly, the subagent deny list, and decision caching.
import { describe, expect, it } from 'vitest';
import type { PolicyConfig } from '../config/schema.js';
import { toolRecord } from '../testing/records.js';
import { compilePolicy, SUBAGENT_DENY, type PolicySubject } from './index.js';

const tools = {
  list: toolRecord({ name: 'gmail.list', annotations: { readOnlyHint: true }, group: 'mail' }),
  send: toolRecord({ name: 'gmail.send', group: 'mail' }),
  del: toolRecord({ name: 'gmail.delete', annotations: { destructiveHint: true }, group: 'mail' }),
  forecast: toolRecord({ name: 'weather.forecast', annotations: { readOnlyHint: true } }),
  search: toolRecord({ name: 'skills.search', annotations: { readOnlyHint: true } }),
  shell: toolRecord({ name: 'shell.exec', ownerOnly: true }),
};
type Name = keyof typeof tools;

interface Case {
  title: string;
  config?: PolicyConfig;
  who?: PolicySubject;
  tool: Name;
  allowed: boolean;
  /** Substring of the rule that decided. */
  rule?: string;
  layer?: string;
}

const cases: Case[] = [
  // No policy: everything allowed.
  { title: 'no policy allows', tool: 'send', allowed: true },
  // Deny beats allow at every layer.
  {
    title: 'config deny beats config allow',
    config: { allow: ['gmail.*'], deny: ['gmail.send'] },
    tool: 'send',
    allowed: false,
    rule: 'denied by config.policy.deny "gmail.send"',
    layer: 'config.policy',
  },
  {
    title: 'agent deny beats config allow',
    config: { allow: ['*'], agents: { bot: { deny: ['gmail.*'] } } },
    who: { agentId: 'bot' },
    tool: 'list',
    allowed: false,
    rule: 'denied by config.policy.agents.bot.deny "gmail.*"',
    layer: 'config.policy.agents.bot',
  },
  {
    title: 'agent allow does not undo a config deny',
    config: { deny: ['gmail.send'], agents: { bot: { allow: ['gmail.send'] } } },
    who: { agentId: 'bot' },
    tool: 'send',
    allowed: false,
    rule: 'denied by config.policy.deny "gmail.send"',
  },
  {
    title: 'session deny beats agent allow',
    config: { agents: { bot: { allow: ['gmail.*'] } } },
    who: { agentId: 'bot', policy: { deny: ['gmail.list'] } },
    tool: 'list',
    allowed: false,
    rule: 'denied by ctx.policy.deny "gmail.list"',
    layer: 'ctx.policy',
  },
  {
    title: 'session allow does not undo a config deny',
    config: { deny: ['group:mail'] },
    who: { policy: { allow: ['gmail.list'] } },
    tool: 'list',
    allowed: false,
    rule: 'denied by config.policy.deny "group:mail"',
  },
  {
    title: 'deny in a profile beats allow in the same layer',
    config: {
      profiles: { ops: { allow: ['*'], deny: ['gmail.delete'] } },
      profile: 'ops',
      allow: ['gmail.delete'],
    },
    tool: 'del',
    allowed: false,
    rule: 'profile "ops" (config.policy.profile) deny "gmail.delete"',
  },
  // Allow lists: every layer that has one must allow.
  {
    title: 'not in the config allow list',
    config: { allow: ['weather.*'] },
    tool: 'list',
    allowed: false,
    rule: 'not allowed by config.policy (allows "weather.*")',
  },
  {
    title: 'allowed by config but not by the agent allow list',
    config: { allow: ['*'], agents: { bot: { allow: ['weather.*'] } } },
    who: { agentId: 'bot' },
    tool: 'list',
    allowed: false,
    layer: 'config.policy.agents.bot',
  },
  {
    title: 'allowed by both layers',
    config: { allow: ['gmail.*', 'weather.*'], agents: { bot: { allow: ['gmail.list'] } } },
    who: { agentId: 'bot' },
    tool: 'list',
    allowed: true,
  },
  {
    title: 'another agent is not narrowed by bot',
    config: { agents: { bot: { allow: ['weather.*'] } } },
    who: { agentId: 'other' },
    tool: 'list',
    allowed: true,
  },
  {
    title: 'agent ids that are not identifiers are quoted',
    config: { agents: { 'my-bot': { deny: ['*'] } } },
    who: { agentId: 'my-bot' },
    tool: 'list',
    allowed: false,
    rule: 'config.policy.agents["my-bot"].deny "*"',
  },
  // Globs and groups.
  {
    title: 'glob * matches dotted names',
    config: { deny: ['*'] },
    tool: 'forecast',
    allowed: false,
  },
  {
    title: 'glob gmail.s* matches gmail.send',
    config: { deny: ['gmail.s*'] },
    tool: 'send',
    allowed: false,
  },
  {
    title: 'glob gmail.s* does not match gmail.list',
    config: { deny: ['gmail.s*'] },
    tool: 'list',
    allowed: true,
  },
  { title: 'brace glob', config: { allow: ['{weather,skills}.*'] }, tool: 'search', allowed: true },
  {
    title: 'manifest group',
    config: { deny: ['group:mail'] },
    tool: 'send',
    allowed: false,
    rule: '"group:mail"',
  },
  {
    title: 'manifest group spares others',
    config: { deny: ['group:mail'] },
    tool: 'forecast',
    allowed: true,
  },
  {
    title: 'group:readonly allows a read-only tool',
    config: { allow: ['group:readonly'] },
    tool: 'forecast',
    allowed: true,
  },
  {
    title: 'group:readonly refuses others',
    config: { allow: ['group:readonly'] },
    tool: 'send',
    allowed: false,
  },
  {
    title: 'group:destructive',
    config: { deny: ['group:destructive'] },
    tool: 'del',
    allowed: false,
  },
  {
    title: 'group:destructive spares others',
    config: { deny: ['group:destructive'] },
    tool: 'send',
    allowed: true,
  },
  {
    title: 'group:skill:<name>',
    config: { deny: ['group:skill:weather'] },
    tool: 'forecast',
    allowed: false,
  },
  {
    title: 'group:skill:<name> spares others',
    config: { deny: ['group:skill:weather'] },
    tool: 'list',
    allowed: true,
  },
  // Profiles.
  {
    title: 'minimal allows skills.*',
    config: { profile: 'minimal' },
    tool: 'search',
    allowed: true,
  },
  {
    title: 'minimal refuses skill tools',
    config: { profile: 'minimal' },
    tool: 'forecast',
    allowed: false,
    rule: 'allows profile "minimal"',
  },
  {
    title: 'readonly allows read-only tools',
    config: { profile: 'readonly' },
    tool: 'list',
    allowed: true,
  },
  {
    title: 'readonly refuses writers',
    config: { profile: 'readonly' },
    tool: 'send',
    allowed: false,
  },
  { title: 'full allows everything', config: { profile: 'full' }, tool: 'del', allowed: true },
  {
    title: 'profile plus allow is a union',
    config: { profile: 'readonly', allow: ['gmail.send'] },
    tool: 'send',
    allowed: true,
  },
  {
    title: 'custom profile building on readonly',
    config: {
      profiles: { mail: { profile: 'readonly', allow: ['gmail.send'] } },
      agents: { bot: { profile: 'mail' } },
    },
    who: { agentId: 'bot' },
    tool: 'send',
    allowed: true,
  },
  {
    title: 'custom profile still refuses what it does not allow',
    config: {
      profiles: { mail: { profile: 'readonly', allow: ['gmail.send'] } },
      agents: { bot: { profile: 'mail' } },
    },
    who: { agentId: 'bot' },
    tool: 'del',
    allowed: false,
  },
  {
    title: 'session profile',
    who: { policy: { profile: 'minimal' } },
    tool: 'list',
    allowed: false,
    layer: 'ctx.policy',
  },
  {
    title: 'an unknown profile fails closed',
    config: { profile: 'nope' },
    tool: 'search',
    allowed: false,
    rule: 'unknown profile "nope"',
  },
  {
    title: 'a profile cycle fails closed',
    config: { profiles: { a: { profile: 'b' }, b: { profile: 'a' } }, profile: 'a' },
    tool: 'search',
    allowed: false,
    rule: 'builds on itself',
  },
  // ownerOnly.
  {
    title: 'ownerOnly refuses a non-owner',
    tool: 'shell',
    allowed: false,
    rule: 'ownerOnly',
    layer: 'manifest',
  },
  { title: 'ownerOnly allows the owner', who: { isOwner: true }, tool: 'shell', allowed: true },
  {
    title: 'ownerOnly refuses a non-owner even when allowed',
    config: { allow: ['shell.exec'] },
    who: { isOwner: false },
    tool: 'shell',
    allowed: false,
    rule: 'ownerOnly',
  },
  // Subagents.
  {
    title: 'subagents never run destructive tools',
    config: { allow: ['*'] },
    who: { isSubagent: true },
    tool: 'del',
    allowed: false,
    rule: 'denied by the subagent deny list "group:destructive"',
    layer: 'subagent deny list',
  },
  { title: 'subagents keep skills.*', who: { isSubagent: true }, tool: 'search', allowed: true },
  {
    title: 'the main agent may run destructive tools',
    who: { isSubagent: false },
    tool: 'del',
    allowed: true,
  },
  {
    title: 'config.policy.subagentDeny adds to the list',
    config: { subagentDeny: ['gmail.send'] },
    who: { isSubagent: true },
    tool: 'send',
    allowed: false,
    rule: 'denied by config.policy.subagentDeny "gmail.send"',
  },
  {
    title: 'subagentDeny does not apply to the main agent',
    config: { subagentDeny: ['gmail.send'] },
    tool: 'send',
    allowed: true,
  },
];

describe('policy decisions', () => {
  it.each(cases)('$title', ({ config, who = {}, tool, allowed, rule, layer }) => {
    const d = compilePolicy(config).decide(tools[tool], who);
    expect(d.allowed).toBe(allowed);
    if (!d.allowed) {
      if (rule) expect(d.rule).toContain(rule);
      if (layer) expect(d.layer).toBe(layer);
    }
  });

  it('the subagent deny list is exported and holds the destructive group', () => {
    expect(SUBAGENT_DENY).toContain('group:destructive');
    expect(SUBAGENT_DENY).not.toContain('skills.*');
  });

  it('caches decisions per agent without a session policy', () => {
    const policy = compilePolicy({ agents: { bot: { deny: ['gmail.*'] } } });
    const a = policy.decide(tools.list, { agentId: 'bot' });
    expect(policy.decide(tools.list, { agentId: 'bot' })).toBe(a);
    expect(a.allowed).toBe(false);
    expect(policy.decide(tools.list, { agentId: 'other' }).allowed).toBe(true);
    // Subagent decisions are cached apart from the main agent's.
    expect(policy.decide(tools.del, { agentId: 'x' }).allowed).toBe(true);
    expect(policy.decide(tools.del, { agentId: 'x', isSubagent: true }).allowed).toBe(false);
  });

  it('decides per session policy without leaking between sessions', () => {
    const policy = compilePolicy(undefined);
    expect(policy.decide(tools.list, { policy: { deny: ['gmail.*'] } }).allowed).toBe(false);
    expect(policy.decide(tools.list, { policy: { deny: ['weather.*'] } }).allowed).toBe(true);
    expect(policy.decide(tools.list, {}).allowed).toBe(true);
  });
});
