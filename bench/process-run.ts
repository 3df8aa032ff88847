/**
 * Times a whole process from outside, as the operating system accounts for
 * it: GNU time (`/usr/bin/time`, Debian's `time`) reports the wall time, the
 * user and system CPU time and the peak resident set of the finished
 * process. Beside it, how busy the whole machine was meanwhile (/proc/stat),
 * so a reader can tell a quiet run from one that shared the cores.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProcessRun {
  wallS: number;
  /** User + system CPU time of the process and its threads. */
  cpuS: number;
  maxRssMB: number;
  stdout: string;
  stderr: string;
  status: number | null;
  /** Share of all cores busy during the run (every process, this one included), from /proc/stat. */
  machineBusy: number;
}

/** Busy and total jiffies of all cores (/proc/stat's first line); null where there is no /proc. */
export function cpuJiffies(): { busy: number; total: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0); // idle + iowait
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

export function busyBetween(
  a: { busy: number; total: number } | null,
  b: { busy: number; total: number } | null,
): number {
  if (!a || !b || b.total <= a.total) return NaN;
  return (b.busy - a.busy) / (b.total - a.total);
}

/** GNU time's `-f '%e %U %S %M'`: wall s, user s, system s, peak RSS in KiB (the last line: the command may print too). */
export function parseGnuTime(text: string): { wallS: number; cpuS: number; maxRssMB: number } {
  const line = text.trim().split('\n').at(-1) ?? '';
  const [e, u, s, m] = line.trim().split(/\s+/).map(Number);
  if (![e, u, s, m].every(Number.isFinite)) throw new Error(`unexpected output of /usr/bin/time: ${line}`);
  return { wallS: e, cpuS: u + s, maxRssMB: m / 1024 };
}

export function timedRun(cmd: string, args: string[], cwd?: string): ProcessRun {
  const dir = mkdtempSync(join(tmpdir(), 'tsq-bench-'));
  const tfile = join(dir, 'time');
  try {
    const j0 = cpuJiffies();
    const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', '-o', tfile, cmd, ...args], {
      encoding: 'utf8',
      cwd,
      maxBuffer: 64 << 20,
    });
    const j1 = cpuJiffies();
    if (r.error) throw r.error;
    const t = parseGnuTime(readFileSync(tfile, 'utf8'));
    return { ...t, stdout: r.stdout, stderr: r.stderr, status: r.status, machineBusy: busyBetween(j0, j1) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The part of the machine other processes held during a run: busy share minus this run's own. */
export function othersShare(r: ProcessRun, cores = availableParallelism()): number {
  return Math.max(0, r.machineBusy - r.cpuS / (r.wallS * cores));
}
