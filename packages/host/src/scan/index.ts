export { scanSkills, type ScanOptions, type ScanResult } from './scan.js';
export { checkEligibility, type EligibilityInput, type EligibilityResult } from './eligibility.js';
export { resolveSkillConfig, flatDefaults, type SkillConfigResult } from '@openclaw/skill-sdk';
export { findBins } from './bins.js';
export { buildRecord, toolRecords, skillName } from './record.js';
export { applyShadowing, applyCollisions } from './resolve.js';
