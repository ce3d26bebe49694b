// The parsers a scan without a cache needs: gray-matter (the front-matter reader) and js-yaml
// 3 (its default engine, which gray-matter loads anyway; yaml-fast.ts reads simple
// frontmatter with it). This file runs as it is from the sources (tests); the build
// (packages/sdk/build.mjs) writes dist/bundled/parsers.cjs: these same packages, at the
// versions package.json pins, in one file. Loaded through Node's module loader they are
// ~45 files that take ~30 ms to resolve and load in a fresh process; the bundle ~5 ms.
// js-yaml asks for esprima (only for the `!!js/function` type of its full schema, which
// neither gray-matter's safeLoad nor yaml-fast.ts's schema has) through an indirect require
// that a bundler does not follow: the bundle leaves esprima out and js-yaml, built to run
// without it, skips that type.
'use strict';
module.exports = { matter: require('gray-matter'), jsYaml: require('js-yaml') };
