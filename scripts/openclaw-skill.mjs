// `pnpm openclaw-skill …` in a checkout. pnpm runs a script in the repository root, but the
// command's relative paths (`validate ./my-skill`, `new my-skill`, the default workspace) are
// meant from the folder it was typed in, which pnpm and npm pass as INIT_CWD.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
await import('../packages/cli/dist/bundle/openclaw-skill.cjs');
