// One fresh process: import the host, scan a workspace into a catalog and render its prompt
// block, then print the timings as JSON. Run by run.ts, once per sample.
const [workspace, home, userHome, cache = 'cache'] = process.argv.slice(2);
const t0 = performance.now();
const { createSkillHost } = await import('@openclaw/skill-host');
const t1 = performance.now();
const host = await createSkillHost({
  workspace,
  home,
  userHome,
  env: { PATH: process.env.PATH ?? '' },
  scanCache: cache === 'cache',
});
const prompt = host.prompt();
const t2 = performance.now();
await host.close();
process.stdout.write(
  JSON.stringify({
    importMs: t1 - t0,
    scanMs: t2 - t1,
    skills: host.skills.length,
    promptChars: prompt.text.length,
  }),
);
