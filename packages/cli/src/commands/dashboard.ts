// `openclaw-skill dashboard`: opens the dashboard of the serve running for this home, or
// starts one (as `serve` would) when none runs. The printed URL carries the control token in
// its fragment (`#token=`), which browsers never send to a server: the page trades it for a
// session cookie at once and removes it from the address bar.
import { spawn } from 'node:child_process';
import { SkillError } from '@openclaw/skill-sdk';
import { Option, type Command } from 'commander';
import { dashboardDir } from '../dashboard-files.js';
import { addHelpBody } from '../command.js';
import { printJson, type Io } from '../io.js';
import { globalOptions } from '../options.js';
import { findServe, homeOf } from '../serve-client.js';
import { parsePort } from './serve.js';

export const dashboardUrl = (base: string, token: string): string =>
  `${base}/#token=${encodeURIComponent(token)}`;

/** Opens a URL in the user's browser ($BROWSER, else the platform's opener); best effort. */
export function openBrowser(url: string, env: NodeJS.ProcessEnv): boolean {
  const [cmd, args] = env.BROWSER
    ? [env.BROWSER, [url]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore', env });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}

export function configure(cmd: Command, io: Io): void {
  addHelpBody(cmd, 'The page shows the skills, accounts, approvals and activity of that serve.')
    .option('--no-browser', 'print the URL without opening a browser')
    .addOption(
      new Option('--port <n>', 'port for a serve started here (default 7411)').argParser(parsePort),
    )
    .action(async () => {
      const opts = globalOptions<{ browser: boolean; port?: number }>(cmd);
      const home = homeOf(opts, io);
      const running = await findServe(home);
      if (running) {
        const about = await running.request<{ dashboard?: boolean }>('GET', '');
        if (!about.dashboard)
          throw new SkillError(
            'SERVE_UNAVAILABLE',
            `The serve running for ${home} (${running.info.url}) has no dashboard.`,
            { hint: 'Stop it and start it again with: openclaw-skill serve' },
          );
        show(io, dashboardUrl(running.info.url, running.info.token), opts, false);
        return;
      }
      const dir = dashboardDir();
      if (!dir)
        throw new SkillError(
          'INTERNAL',
          'This CLI build has no dashboard files (dist/dashboard).',
          {
            hint: 'Build it with pnpm build (packages/dashboard), or reinstall the CLI.',
          },
        );
      // No serve yet: run one here, as `openclaw-skill serve` would, with the dashboard.
      const { startServeForCli } = await import('./serve.js');
      const serve = await startServeForCli(cmd, io, {
        mcp: 'http',
        ...(opts.port !== undefined && { port: opts.port }),
      });
      show(io, dashboardUrl(serve.info!.url, serve.info!.token), opts, true);
      await serve.closed;
    });
}

function show(io: Io, url: string, opts: { json?: boolean; browser: boolean }, serving: boolean) {
  const opened = opts.browser && openBrowser(url, io.env);
  if (opts.json) printJson(io, { url, opened, serving });
  else
    io.stdout(
      `Dashboard: ${url}\n${opened ? 'Opened in your browser. ' : ''}The link signs one browser in; keep it private.\n${serving ? 'serve runs here until Ctrl-C.\n' : ''}`,
    );
}
