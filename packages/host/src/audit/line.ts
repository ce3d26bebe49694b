// One audit line per call: what was called, what the policy and approval
// decided, how it ended, and sizes. Inputs appear only as a hash unless full logging is on,
// and everything written is redacted.
import type { ErrorCode } from '@openclaw/skill-sdk';
import { LruCache } from '@openclaw/skill-sdk/internal';
import type { Redactor } from '../redact/index.js';
import { canonicalJson } from './canonical-json.js';
import { inputDigest, unserializableDigest, type Digest } from './digest.js';

export type ApprovalOutcome = 'auto' | 'approved' | 'denied' | 'timeout' | 'required';
export type HookOutcome = 'allowed' | 'denied' | 'replaced' | 'failed';

/** What the router hands the audit log on the hot path: raw facts, no formatting. */
export interface AuditEntry {
  /** Epoch milliseconds at the start of the call. */
  time: number;
  callId: string;
  /** The router made the id (no provider id was given), so it holds nothing to redact. */
  callIdGenerated?: boolean | undefined;
  tool: string;
  skill?: string | undefined;
  version?: string | undefined;
  agentId?: string | undefined;
  sessionId?: string | undefined;
  decision: 'allowed' | 'denied';
  rule?: string | undefined;
  approval?: ApprovalOutcome | undefined;
  /** Who approved, when the approval handler said. */
  approvedBy?: string | undefined;
  /** What the embedder's beforeCall hook decided, when one ran. */
  hook?: HookOutcome | undefined;
  durationMs: number;
  outcome: 'ok' | ErrorCode;
  /** The raw input; hashed (and, with fullInputs, redacted) when the line is written. */
  input: unknown;
  /** inputDigest(input), when the hot path computed it (the loop detector). */
  inputDigest?: Digest | undefined;
  /** The text the model got (result text or error message), measured when written. */
  output: string;
  truncated: boolean;
  redactor: Redactor;
  /** The result limit of the tool (once looked up); messages and hints are cut to it too. */
  maxChars?: number | undefined;
}

/** The JSON written per line of `<home>/audit.jsonl`. */
export interface AuditLine {
  time: string;
  callId: string;
  tool: string;
  skill?: string;
  version?: string;
  agentId?: string;
  sessionId?: string;
  decision: 'allowed' | 'denied';
  rule?: string;
  approval?: ApprovalOutcome;
  approvedBy?: string;
  hook?: HookOutcome;
  durationMs: number;
  outcome: 'ok' | ErrorCode;
  inputHash: string;
  input?: unknown;
  inputBytes: number;
  outputBytes: number;
  truncated: boolean;
}

/** Catalog tools whose formatted names an AuditLineFormatter keeps, by default. */
export const CATALOG_PARTS_MAX = 4096;

interface CatalogPart {
  skill: string;
  version: string | undefined;
  part: string;
}

/**
 * Formats entries as JSON lines. Each audit log owns one: what it remembers between lines
 * (formatted catalog names, the last agent or session id, the current second) belongs to that
 * log, and the catalog names are capped.
 */
export class AuditLineFormatter {
  // The tool, skill and version of a catalog tool, formatted once per (tool, version). Keyed by
  // the tool name alone: catalog strings keep their hash, a concatenated key would not.
  readonly #catalogParts: LruCache<string, CatalogPart>;
  // Sessions and agents repeat from call to call: the last one's redacted JSON is kept.
  #lastId: string | undefined;
  #lastRedactor: Redactor | undefined;
  #lastIdJson = '';
  // Formatting a Date is the dearest part of a line; the part up to the second is reused.
  #isoSecond = -1;
  #isoPrefix = '';

  constructor(opts: { catalogMax?: number } = {}) {
    this.#catalogParts = new LruCache({ max: opts.catalogMax ?? CATALOG_PARTS_MAX });
  }

  /** How many catalog tools have their names kept formatted (at most the cap). */
  get catalogSize(): number {
    return this.#catalogParts.size;
  }

  /** Whether the next line for this tool reuses its formatted names. */
  keepsCatalogPart(tool: string): boolean {
    return this.#catalogParts.has(tool);
  }

  /**
   * Formats one entry as a JSON line (with the trailing newline). Written by hand, in the
   * order of AuditLine: this runs once per call, and building an object to stringify costs
   * several times more.
   */
  format(e: AuditEntry, fullInputs: boolean): string {
    const digest = e.inputDigest ?? inputDigest(e.input) ?? unserializableDigest();
    const r = e.redactor;
    const tool = e.tool.length > 200 ? `${e.tool.slice(0, 200)}...` : e.tool;
    // Catalog names (a found tool, its skill and version) and ids the router made itself cannot
    // hold a secret; only what a caller or model wrote goes through the redactor.
    // Generated ids are plain ASCII ("call_<hex>_<base36>"): written as they are.
    const callId = e.callIdGenerated ? `"${e.callId}"` : str(r.text(e.callId));
    let line = `{"time":"${this.#isoTime(e.time)}","callId":${callId}`;
    line +=
      e.skill === undefined
        ? `,"tool":${str(r.text(tool))}${e.version === undefined ? '' : `,"version":${str(e.version)}`}`
        : this.#catalogPart(tool, e.skill, e.version);
    if (e.agentId !== undefined) line += `,"agentId":${this.#redactedId(e.agentId, r)}`;
    if (e.sessionId !== undefined) line += `,"sessionId":${this.#redactedId(e.sessionId, r)}`;
    line += `,"decision":"${e.decision}"`;
    if (e.rule !== undefined) line += `,"rule":${str(r.text(e.rule))}`;
    if (e.approval !== undefined) line += `,"approval":"${e.approval}"`;
    if (e.approvedBy !== undefined) line += `,"approvedBy":${str(r.text(e.approvedBy))}`;
    if (e.hook !== undefined) line += `,"hook":"${e.hook}"`;
    line += `,"durationMs":${Math.round(e.durationMs * 1000) / 1000},"outcome":"${e.outcome}","inputHash":"h64:${digest.hex}"`;
    if (fullInputs)
      line += `,"input":${JSON.stringify(r.value(safeParse(canonicalJson(e.input)))) ?? 'null'}`;
    line += `,"inputBytes":${digest.bytes},"outputBytes":${Buffer.byteLength(e.output)},"truncated":${e.truncated}}\n`;
    return line;
  }

  #catalogPart(tool: string, skill: string, version: string | undefined): string {
    const hit = this.#catalogParts.get(tool);
    if (hit !== undefined && hit.skill === skill && hit.version === version) return hit.part;
    const part = `,"tool":${str(tool)},"skill":${str(skill)}${version === undefined ? '' : `,"version":${str(version)}`}`;
    this.#catalogParts.set(tool, { skill, version, part });
    return part;
  }

  #redactedId(id: string, r: Redactor): string {
    if (id !== this.#lastId || r !== this.#lastRedactor) {
      this.#lastId = id;
      this.#lastRedactor = r;
      this.#lastIdJson = str(r.text(id));
    }
    return this.#lastIdJson;
  }

  #isoTime(ms: number): string {
    const second = Math.floor(ms / 1000);
    if (second !== this.#isoSecond) {
      this.#isoSecond = second;
      this.#isoPrefix = new Date(second * 1000).toISOString().slice(0, 19);
    }
    return `${this.#isoPrefix}.${String(ms - second * 1000).padStart(3, '0')}Z`;
  }
}

// Names and ids rarely need escaping; checking is cheaper than always stringifying.
const PLAIN = /^[\w.:@/+-]*$/;
const str = (s: string): string => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

// The canonical text is plain JSON; parsing it back gives a detached copy to redact.
function safeParse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}
