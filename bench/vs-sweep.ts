/**
 * The sweep half of `npm run bench -- --vs-ns3`: each scene swept over 16
 * points on all the machine's cores, as each tool's users run a sweep.
 * TSQ Lab: one CLI process given the 16 scenario files (a 4 × 4 grid of
 * tcp.sk_pacing_shift and tcp.tcp_limit_output_bytes), which runs them on its
 * worker pool, one warm worker per core. ns-3: one process per point, as many
 * at once as there are cores (`xargs -P`, findutils). ns-3 has neither knob (no
 * TSQ), so its 16 processes run the scene as it stands: the same work per
 * point. Each side is timed from outside as one command (GNU time: wall, CPU
 * of every thread and waited-for child, the largest peak RSS).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { findPreset } from '../src/sim/scenario/presets/index';
import { applyOverrides } from '../src/sim/scenario/validate';
import type { Built } from './ns3/build';
import { type ProcessRun, timedRun } from './process-run';
import type { VsScene0 } from './vs-ns3';

export const SWEEP_SHIFTS = [7, 8, 9, 10];
export const SWEEP_LIMITS_BYTES = [131_072, 262_144, 1_048_576, 4_194_304];

export interface SweepRep {
  tsq: ProcessRun;
  ns3: ProcessRun;
}

export interface SweepScene {
  name: string;
  points: number;
  simS: number;
  cores: number;
  tsqCommand: string;
  ns3Command: string;
  reps: SweepRep[];
}

/** The 16 scenario files of a scene's sweep, written under `dir`. */
function sweepFiles(s: VsScene0, dir: string): string[] {
  const set: Record<string, string> = {};
  for (const kv of s.set) set[kv.slice(0, kv.indexOf('='))] = kv.slice(kv.indexOf('=') + 1);
  const base = applyOverrides(findPreset(s.preset)!.scenario(), { ...set, durationMs: s.simS * 1000 });
  const files: string[] = [];
  for (const shift of SWEEP_SHIFTS)
    for (const limit of SWEEP_LIMITS_BYTES) {
      const sc = applyOverrides(base, {
        'tcp.sk_pacing_shift': shift,
        'tcp.tcp_limit_output_bytes': limit,
        title: `${s.name}, sk_pacing_shift ${shift}, tcp_limit_output_bytes ${limit}`,
      });
      const f = join(dir, `${s.preset}-${files.length}.json`);
      writeFileSync(f, JSON.stringify(sc));
      files.push(f);
    }
  return files;
}

function check(r: ProcessRun, what: string): ProcessRun {
  if (r.status !== 0) throw new Error(`${what} exited with ${r.status}:\n${r.stderr}`);
  return r;
}

export function benchSweeps(
  scenes: VsScene0[],
  b: Built,
  reps: number,
  log: (s: string) => void,
): SweepScene[] {
  const cores = availableParallelism();
  const dir = join('dist-bench-ns3', 'sweep');
  mkdirSync(dir, { recursive: true });
  const out: SweepScene[] = [];
  for (const s of scenes) {
    const files = sweepFiles(s, dir);
    const list = join(dir, `${s.preset}-${s.program}-ns3.txt`);
    const ns3Line = [b.programs[s.program], ...s.args].join(' ');
    writeFileSync(list, files.map(() => `${ns3Line} > /dev/null`).join('\n') + '\n');
    const ns3Args = ['-P', String(cores), '-a', list, '-I', '{}', 'sh', '-c', '{}'];
    const tsqArgs = [b.cli, ...files, '--format', 'json'];
    log(
      `vs ns-3 sweep: ${s.name}, ${files.length} points × ${s.simS} s on ${cores} cores, ${reps} runs of each side`,
    );
    const runs: SweepRep[] = [];
    for (let r = 0; r < reps; r++) {
      // Alternate which side goes first, as the single runs do.
      const a = (): ProcessRun => check(timedRun(process.execPath, tsqArgs), "TSQ Lab's sweep");
      const n = (): ProcessRun => check(timedRun('xargs', ns3Args), "ns-3's sweep");
      if (r % 2 === 0) {
        const tsq = a();
        runs.push({ tsq, ns3: n() });
      } else {
        const ns3 = n();
        runs.push({ tsq: a(), ns3 });
      }
    }
    out.push({
      name: s.name,
      points: files.length,
      simS: s.simS,
      cores,
      tsqCommand: `node ${b.cli} ${dir}/${s.preset}-{0..${files.length - 1}}.json --format json`,
      ns3Command: `xargs -P ${cores} (${files.length} × ${ns3Line})`,
      reps: runs,
    });
  }
  return out;
}

const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '-');
const med = (xs: number[]): number => {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length === 0 ? NaN : a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};

export interface SweepFigures {
  wall: number;
  cpu: number;
}

/** ns-3's time over TSQ Lab's, the median over the pairs of runs. */
export function sweepFigures(s: SweepScene): SweepFigures {
  return {
    wall: med(s.reps.map((r) => r.ns3.wallS / r.tsq.wallS)),
    cpu: med(s.reps.map((r) => r.ns3.cpuS / r.tsq.cpuS)),
  };
}

export function sweepTable(scenes: SweepScene[]): string {
  const head = `${'sweep (16 points)'.padEnd(40)}${'TSQ Lab'.padStart(22)}${'ns-3'.padStart(22)}${'ratio'.padStart(16)}`;
  const lines = [head];
  for (const s of scenes) {
    const fig = sweepFigures(s);
    const side = (pick: (r: SweepRep) => ProcessRun): string =>
      `${f(med(s.reps.map((r) => pick(r).wallS)), 2)} s / ${f(med(s.reps.map((r) => pick(r).cpuS)), 2)} s`;
    lines.push(
      `${s.name.padEnd(40)}${side((r) => r.tsq).padStart(22)}${side((r) => r.ns3).padStart(22)}${`${f(fig.wall)}× / ${f(fig.cpu)}×`.padStart(16)}`,
    );
    lines.push(
      `${'  peak RSS MB (largest process)'.padEnd(40)}${f(med(s.reps.map((r) => r.tsq.maxRssMB))).padStart(22)}${f(med(s.reps.map((r) => r.ns3.maxRssMB))).padStart(22)}`,
    );
  }
  const s0 = scenes[0];
  if (s0)
    lines.push(
      `wall s / CPU s of the whole sweep, median of ${s0.reps.length} runs; ${s0.points} points of ${s0.simS} simulated s on ${s0.cores} cores.`,
      `TSQ Lab: one CLI process, its worker pool (one warm worker per core) running a 4 × 4 grid of tcp.sk_pacing_shift`,
      `(${SWEEP_SHIFTS.join(', ')}) and tcp.tcp_limit_output_bytes (${SWEEP_LIMITS_BYTES.join(', ')}); ns-3: one process per point,`,
      `${s0.cores} at a time (xargs -P), each the scene as it stands (ns-3 has no TSQ, so neither knob). Ratio: ns-3's time over TSQ Lab's.`,
    );
  return lines.join('\n');
}
