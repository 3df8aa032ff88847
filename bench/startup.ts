/**
 * How long the CLI takes to start: a 1 ms run of bench-wired, timed as a
 * whole process (GNU time), from the bundle (what `tsq-lab` runs), through
 * `npm run sim` (npm's own start-up on top), and from the TypeScript sources
 * through tsx (how the CLI ran before the bundle), interleaved, several times.
 */
import { spawnSync } from 'node:child_process';
import { median } from './ns3/vs-table';
import { type ProcessRun, timedRun } from './process-run';

export interface StartupRow {
  how: string;
  command: string;
  runs: number;
  wallS: number;
  /** The least-disturbed run: on a shared machine, the best estimate of an idle one. */
  minWallS: number;
  cpuS: number;
  maxRssMB: number;
  machineBusy: number;
}

const ARGS = ['bench-wired', '--duration', '1ms'];

const WAYS: { how: string; cmd: string; args: string[] }[] = [
  { how: 'bundle', cmd: process.execPath, args: ['dist-cli/tsq-lab.cjs', ...ARGS] },
  { how: 'npm run sim', cmd: 'npm', args: ['run', '--silent', 'sim', '--', ...ARGS] },
  { how: 'tsx (sources)', cmd: process.execPath, args: ['--import', 'tsx', 'src/cli/main.ts', ...ARGS] },
];

export function benchStartup(reps: number): StartupRow[] {
  spawnSync(process.execPath, ['scripts/build-cli.mjs', '--if-stale'], { stdio: 'inherit' });
  const runs: ProcessRun[][] = WAYS.map(() => []);
  for (let r = 0; r <= reps; r++) {
    WAYS.forEach((w, i) => {
      const x = timedRun(w.cmd, w.args);
      if (x.status !== 0) throw new Error(`${w.how} exited with ${x.status}: ${x.stderr}`);
      if (r > 0) runs[i].push(x); // the first round warms the file cache
    });
  }
  return WAYS.map((w, i) => ({
    how: w.how,
    command: [w.cmd === process.execPath ? 'node' : w.cmd, ...w.args].join(' '),
    runs: reps,
    wallS: median(runs[i].map((x) => x.wallS)),
    minWallS: Math.min(...runs[i].map((x) => x.wallS)),
    cpuS: median(runs[i].map((x) => x.cpuS)),
    maxRssMB: median(runs[i].map((x) => x.maxRssMB)),
    machineBusy: median(runs[i].map((x) => x.machineBusy)),
  }));
}

export function startupTable(rows: StartupRow[]): string {
  const head = `${'CLI start-up (1 ms run)'.padEnd(24)}${'wall s'.padStart(8)}${'min'.padStart(7)}${'CPU s'.padStart(8)}${'RSS MB'.padStart(8)}${'busy'.padStart(7)}  command`;
  const lines = rows.map(
    (r) =>
      `${r.how.padEnd(24)}${r.wallS.toFixed(3).padStart(8)}${r.minWallS.toFixed(3).padStart(7)}${r.cpuS.toFixed(3).padStart(8)}${r.maxRssMB.toFixed(1).padStart(8)}${`${(r.machineBusy * 100).toFixed(0)} %`.padStart(7)}  ${r.command}`,
  );
  return [
    head,
    ...lines,
    'medians of the runs (min: the fastest run); busy: share of all cores busy meanwhile (every process).',
  ].join('\n');
}
