export { listSources, type SourceOptions } from './list.js';
export { candidateFolders, isSkillFolder } from './folders.js';
