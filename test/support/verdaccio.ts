// Moved to the test-utils workspace package, which the packages' own tests import too.
export * from '../../packages/test-utils/src/verdaccio.js';
