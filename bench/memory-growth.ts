/**
 * The memory row of `npm run bench -- --vs-ns3`: the CLI's peak RSS on a
 * 200 s run of each scene against a 20 s run of the same scene (GNU time,
 * whole process, median of the runs). A simulation whose memory does not grow
 * with simulated time holds the two within a few per cent.
 */
import type { Built } from './ns3/build';
import { median } from './ns3/vs-table';
import { timedRun } from './process-run';
import type { VsScene0 } from './vs-ns3';

export const SHORT_S = 20;
export const LONG_S = 200;

export interface MemoryRow {
  name: string;
  shortMB: number;
  longMB: number;
  /** Peak RSS of the long run over the short run's, minus one. */
  growth: number;
}

function peakMB(b: Built, s: VsScene0, simS: number, reps: number): number {
  const set = s.set.flatMap((kv) => ['--set', kv]);
  const rss: number[] = [];
  for (let r = 0; r < reps; r++) {
    const run = timedRun(process.execPath, [
      b.cli,
      s.preset,
      ...set,
      '--duration',
      `${simS}s`,
      '--format',
      'json',
    ]);
    if (run.status !== 0) throw new Error(`the CLI (${s.name}, ${simS} s): ${run.stderr}`);
    rss.push(run.maxRssMB);
  }
  return median(rss);
}

export function benchMemory(
  scenes: VsScene0[],
  b: Built,
  reps: number,
  log: (s: string) => void,
): MemoryRow[] {
  return scenes.map((s) => {
    log(`memory: ${s.name}, ${SHORT_S} s and ${LONG_S} s CLI runs × ${reps}`);
    const shortMB = peakMB(b, s, SHORT_S, reps);
    const longMB = peakMB(b, s, LONG_S, reps);
    return { name: s.name, shortMB, longMB, growth: longMB / shortMB - 1 };
  });
}

export function memoryTable(rows: MemoryRow[]): string {
  const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '-');
  return [
    `${'peak RSS of the CLI (GNU time)'.padEnd(40)}${`${SHORT_S} s run`.padStart(12)}${`${LONG_S} s run`.padStart(12)}${'growth'.padStart(10)}`,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(40)}${`${f(r.shortMB)} MB`.padStart(12)}${`${f(r.longMB)} MB`.padStart(12)}${`${f(r.growth * 100)} %`.padStart(10)}`,
    ),
  ].join('\n');
}
