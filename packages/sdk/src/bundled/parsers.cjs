// The parser a scan without a cache needs first: js-yaml 3, which yaml-fast.ts reads simple
// frontmatter with (the frontmatter is split by gray-matter's rules in frontmatter.ts, so
// gray-matter itself is only a test's reference). This file runs as it is from the sources
// (tests); the build (packages/sdk/build.mjs) writes dist/bundled/parsers.cjs: the package,
// at the version package.json pins, in one file. Loaded through Node's module loader it is
// dozens of files to resolve and read in a fresh process; the bundle is one.
// js-yaml asks for esprima (only for the `!!js/function` type of its full schema, which
// yaml-fast.ts's schema does not have) through an indirect require that a bundler does not
// follow: the bundle leaves esprima out and js-yaml, built to run without it, skips that type.
'use strict';
module.exports = { jsYaml: require('js-yaml') };
