export { createCatalog, type Catalog } from './catalog.js';
export { createSnapshot } from './snapshot.js';
export * from './types.js';
