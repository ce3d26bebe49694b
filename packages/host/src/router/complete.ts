// Stages 8 and 9 for a tool that returned: output validation (JSON results only; a string
// is text and is not checked), then shaping (redaction, the result limit), and the loop
// detector's warning, which goes into the text too since the text is what every adapter
// hands the model.
import type { Redactor } from '../redact/index.js';
import { failure } from './failure.js';
import { cutMessage } from './outcome.js';
import { shapeResult } from './shape.js';
import type { ToolPlan } from './state.js';
import type { CallResult, CallSuccess } from './types.js';
import { checkOutput, type Validators } from './validate.js';
import { newNonce, wrapBlocks, wrapText, type UntrustedReason } from './untrusted.js';

export interface Completion {
  plan: ToolPlan;
  outcome: { kind: 'ok'; value: unknown };
  id: string;
  redactor: Redactor;
  validators: Validators;
  warning: string | undefined;
  /** Set when the result is to be wrapped as untrusted data. */
  untrusted?: UntrustedReason | undefined;
}

export function completeRun(c: Completion): CallResult {
  const { plan, id } = c;
  const tool = plan.tool;
  const value = c.outcome.value;
  if (typeof value !== 'string' && value !== undefined) {
    const bad = checkOutput(tool, c.validators.output(tool), value);
    if (bad) return failure({ ...bad, id, name: tool.name });
  }
  let shaped;
  try {
    shaped = shapeResult(value, plan.maxChars, c.redactor);
  } catch (err) {
    return failure({
      id,
      name: tool.name,
      code: 'SKILL_ERROR',
      message: `${tool.name} returned a value that cannot be sent as JSON: ${cutMessage(err)}`,
      hint: 'This is a bug in the skill; do not retry the same call.',
    });
  }
  const ok: CallSuccess = { id, name: tool.name, isError: false, text: shaped.text };
  if (shaped.structured !== undefined) ok.structured = shaped.structured;
  if (shaped.truncated) ok.truncated = shaped.truncated;
  if (shaped.content) ok.content = shaped.content;
  if (c.untrusted !== undefined) {
    // After the cut: the markers always close the block, whatever was cut away.
    const nonce = newNonce();
    ok.text = wrapText(ok.text, nonce, tool.name);
    if (ok.content) ok.content = wrapBlocks(ok.content, nonce, tool.name);
    ok.untrusted = { nonce, reason: c.untrusted };
  }
  // The host's own note goes after the closing marker: it is not the tool's text.
  if (c.warning !== undefined) {
    ok.warning = c.warning;
    ok.text += `\n\n[warning: ${c.warning}]`;
  }
  return ok;
}
