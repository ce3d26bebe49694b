// The `yaml` package, the front-matter engine for everything the js-yaml fast path does not
// answer (see parsers.cjs for why the build bundles it into one file).
'use strict';
module.exports = require('yaml');
