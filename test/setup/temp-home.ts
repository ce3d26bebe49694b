// Set up before each CLI test file: HOME (and USERPROFILE) point at an empty temp folder of
// its own, so code that falls back to the process's home (os.homedir()) never reads the real
// ~/.agents/skills or ~/.openclaw of whoever runs the tests. Tests still pass HOME to the
// CLI explicitly through io.env; this is the seal behind them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const home = mkdtempSync(join(tmpdir(), 'cli-test-home-'));
process.env.HOME = home;
process.env.USERPROFILE = home;
afterAll(() => rmSync(home, { recursive: true, force: true }));
