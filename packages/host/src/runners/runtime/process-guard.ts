// Signals are outside Node 20's permission model: a sandboxed process may signal any process
// of the same user, the host included, and a worker thread shares the host's pid. Before the
// skill loads, process.kill (and the internal process._kill it calls) are locked down: a
// sandbox may signal only itself, a worker nothing at all.
function denied(skill: string, pid: number): Error {
  const e = new Error(`Skill "${skill}" may not send signals to process ${pid}.`) as Error & {
    code: string;
  };
  e.name = 'SkillError';
  e.code = 'POLICY_DENIED';
  return e;
}

export function guardProcess(skill: string, inWorker: boolean): void {
  const proc = process as unknown as { _kill(pid: number, sig: number): number };
  const real = proc._kill.bind(process);
  const self = process.pid;
  const guarded = (pid: number, sig: number) => {
    if (inWorker || Number(pid) !== self) throw denied(skill, Number(pid));
    return real(pid, sig);
  };
  Object.defineProperty(process, '_kill', { value: guarded, writable: false, configurable: false });
  const kill = process.kill.bind(process);
  Object.defineProperty(process, 'kill', {
    value: (pid: number, signal?: string | number) => {
      if (inWorker || Number(pid) !== self) throw denied(skill, Number(pid));
      return kill(pid, signal);
    },
    writable: false,
    configurable: false,
  });
}
