import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Started {
  child: ChildProcess;
  /** ms from spawn until the health URL answered */
  readyMs: number;
  stop(): Promise<void>;
}

/** Starts a command and waits until `healthUrl` answers 200 (polling every 20 ms). */
export async function startAndWait(cmd: string, args: string[], env: Record<string, string>, healthUrl: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode}`);
    try {
      const res = await fetch(healthUrl);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${healthUrl} did not answer within 60 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8') as string;
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

/**
 * The resident size of a process's main malloc arena (`[heap]` in /proc/<pid>/smaps), in MB: what SQLite,
 * native modules and Buffers of their own take with malloc, apart from V8's heap. glibc gives little of it
 * back, so after a storm it stays at the storm's high-water mark.
 */
export function mallocArenaMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    let kb = 0;
    let mapping = '';
    for (const line of (readFileSync(`/proc/${pid}/smaps`, 'utf8') as string).split('\n')) {
      if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) mapping = line;
      else if (line.startsWith('Rss:') && mapping.endsWith('[heap]')) kb += Number(line.split(/\s+/)[1]);
    }
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (10 ms steps): unlike wall time, hardly moved by other work on the machine. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8') as string).replace(/^.*\) /, '').split(' ');
    // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
