/**
 * `createTester`: run a skill's tools in a unit test as the host would, without a host.
 * @module @openclaw/skill-sdk/testing
 */
// A test harness for skill authors: the module's surface, re-exported from the files that
// implement it.
export { memoryLogger, createTestContext, loadTestSkill } from './context.js';
export type { TestContextOptions, LogRecord } from './context.js';
export { createTester } from './tester.js';
export type { SkillTester, TesterOptions, AuthRequest } from './tester.js';
