// API reports: the public surface of each published library, as api-extractor sees it in the
// built declarations, committed in packages/<dir>/api/ as api-extractor's report. `pnpm lint`
// fails when the surface differs from the committed report, so a change of surface is a reviewed
// diff; `pnpm api:update` (or `node scripts/api-report.mjs --local` after a build) rewrites them.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The libraries embedders and skill authors import; the CLI and scaffolder are commands. */
const PACKAGES = ['sdk', 'host'];
const local = process.argv.includes('--local');

function configFor(dir) {
  const projectFolder = join(root, 'packages', dir);
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder,
      mainEntryPointFilePath: '<projectFolder>/dist/index.d.ts',
      compiler: { tsconfigFilePath: '<projectFolder>/tsconfig.json' },
      apiReport: {
        enabled: true,
        reportFolder: '<projectFolder>/api/',
        reportTempFolder: '<projectFolder>/dist/api/',
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          // Release tags (@public, @beta) are not used here: everything exported is public.
          'ae-missing-release-tag': { logLevel: 'none' },
          // Documentation is checked by the docs build (typedoc), not here.
          'ae-undocumented': { logLevel: 'none' },
          // A type reachable from the surface but not exported by name is listed in the
          // report itself, where a reviewer sees it.
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: join(projectFolder, 'api-extractor.json'),
    packageJsonFullPath: join(projectFolder, 'package.json'),
  });
}

let failed = 0;
for (const dir of PACKAGES) {
  const config = configFor(dir);
  if (!existsSync(config.mainEntryPointFilePath)) {
    console.error(`${config.mainEntryPointFilePath} is missing: run pnpm build first.`);
    process.exit(1);
  }
  if (local) mkdirSync(config.reportFolder, { recursive: true });
  const result = Extractor.invoke(config, { localBuild: local, showVerboseMessages: false });
  if (result.apiReportChanged && !local) {
    console.error(
      `The public API of ${config.packageJson?.name} differs from packages/${dir}/api/: review the change and run pnpm api:update to accept it.`,
    );
    failed++;
  } else if (!result.succeeded) {
    console.error(`api-extractor failed for ${config.packageJson?.name}.`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
