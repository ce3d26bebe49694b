export { main, nextSteps, type FailureJson, type MainIo } from './main.js';
export { nameProblem, descriptionProblem } from './names.js';
export {
  parseOptions,
  detectPackageManager,
  canPrompt,
  TEMPLATES,
  type CreateOptions,
  type TemplateName,
} from './options.js';
