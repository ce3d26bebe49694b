// The host package's version, as MCP's serverInfo reports it. A constant rather than a read of
// package.json because the CLI bundles the host (no package.json beside it at run time);
// `pnpm version-packages` keeps it equal to package.json, and a test checks it.
export const HOST_PACKAGE_VERSION = '0.1.0';
