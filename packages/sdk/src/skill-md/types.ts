import type { Problem } from '../errors.js';

/** The `metadata.openclaw` block of an OpenClaw skill (the fields the host acts on). */
export interface OpenClawMetadata {
  emoji?: string;
  os?: string[];
  primaryEnv?: string;
  always?: boolean;
  homepage?: string;
  requires?: {
    bins?: string[];
    anyBins?: string[];
    env?: string[];
    config?: string[];
  };
  install?: Record<string, unknown>[];
  [key: string]: unknown;
}

export interface SkillDoc {
  /** Absolute path of the SKILL.md file. */
  file: string;
  /** The skill's folder. */
  dir: string;
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  allowedTools?: string[];
  /** The metadata map as read (YAML map, or parsed from a JSON5 string). */
  metadata?: Record<string, unknown>;
  openclaw?: OpenClawMetadata;
  /** Every frontmatter key as read, unknown ones included (a copy: safe to mutate). */
  frontmatter: Record<string, unknown>;
  /** 1-based line of each top-level frontmatter key in the file. */
  keyLines: Record<string, number>;
  body: string;
  /** 1-based line where the Markdown body starts. */
  bodyLine: number;
}

export interface SkillMdResult {
  /** Present when the file could be read into a skill (name and description found). */
  doc?: SkillDoc;
  problems: Problem[];
}

/**
 * `strict`: the publishing rules, where keys a known agent reads are warnings naming it;
 * `spec`: the Agent Skills specification's exact verdict (those keys are errors).
 */
export type SkillMdMode = 'lenient' | 'strict' | 'spec';

export interface ParseSkillMdOptions {
  /** Absolute path, used in problems and to default `name` to the folder name. */
  file: string;
  mode?: SkillMdMode;
}
