// For tests that look at a refusal in detail (code, message, hint, details): the error a
// promise rejects with, or a failure when it resolves. Not public.
import type { SkillError } from '@openclaw/skill-sdk';

export async function rejection(p: Promise<unknown>): Promise<SkillError> {
  try {
    await p;
  } catch (e) {
    return e as SkillError;
  }
  throw new Error('expected a rejection');
}
