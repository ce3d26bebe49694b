// JSON5, for `metadata` written as a string (see parsers.cjs for why the build bundles it).
'use strict';
module.exports = require('json5');
