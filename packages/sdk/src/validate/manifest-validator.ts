// The manifest schema's validator, precompiled by ajv (see manifest-validator.generated.test.ts).
import type { ErrorObject, Options } from 'ajv';
import { validate } from './manifest-validator.generated.js';

/** The options the validator is generated with (verbose: errors carry value and schema). */
export const AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: true,
  strictTypes: false,
} as const satisfies Options;

export interface ManifestValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export const validateManifest = validate as unknown as ManifestValidator;
