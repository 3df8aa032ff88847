/**
 * The speed half of `npm run bench` (`--vs-ns3`, `--scale`): TSQ Lab beside
 * ns-3 (one run of each scene, and a 16-point sweep of each on all cores),
 * the memory row (200 s against 20 s), the 10 and 100 Gbit/s rows (or the
 * whole scale table) and the CLI's start-up, with the machine's load beside
 * them and the targets as ratios in this run. Reports; never fails on a target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { sceneFigures } from './ns3/vs-table';
import { type Target, targetTable } from './report';
import { benchScale, type ScaleRow, scaleTable } from './scale';
import { benchStartup, type StartupRow, startupTable } from './startup';
import { benchMemory, LONG_S, type MemoryRow, memoryTable, SHORT_S } from './memory-growth';
import { runVsNs3, type VsResult } from './vs-ns3';
import { benchSweeps, type SweepScene, sweepFigures, sweepTable } from './vs-sweep';

export interface SpeedFlags {
  vsNs3: boolean;
  scale: boolean;
  reps: number;
  only: string | null;
}

const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '-');

interface SpeedParts {
  vs: VsResult | null;
  sweeps: SweepScene[] | null;
  memory: MemoryRow[] | null;
  scale: ScaleRow[] | null;
  startup: StartupRow[];
}

/** (a) single runs and (b) sweeps against ns-3, per scene. */
function vsTargets(vs: VsResult | null, sweeps: SweepScene[] | null): Target[] {
  const out: Target[] = [];
  for (const s of vs?.scenes ?? []) {
    const fig = sceneFigures(s);
    out.push({
      what: `(a) ${s.name}: one run, whole process`,
      value: `${f(fig.wholeWall)}× wall, ${f(fig.wholeCpu)}× CPU (simulation only ${f(fig.simWall)}× / ${f(fig.simCpu)}×)`,
      goal: '≥ 10× ns-3',
      met: Math.min(fig.wholeWall, fig.wholeCpu) >= 10,
    });
  }
  for (const s of sweeps ?? []) {
    const fig = sweepFigures(s);
    out.push({
      what: `(b) ${s.name}: 16-point sweep, all cores`,
      value: `${f(fig.wall)}× wall, ${f(fig.cpu)}× CPU`,
      goal: '≥ 15× ns-3',
      met: Math.min(fig.wall, fig.cpu) >= 15,
    });
  }
  const figs = (vs?.scenes ?? []).map((s) => ({ s, fig: sceneFigures(s) }));
  const wired = figs.find((x) => x.s.name.startsWith('bench-wired fq_codel'))?.fig;
  const wifi = figs.find((x) => x.s.name.startsWith('bench-wifi'))?.fig;
  if (wired && wifi) {
    const tsq = wifi.tsqNsPerSegment / wired.tsqNsPerSegment;
    const ns3 = wifi.ns3NsPerSegment / wired.ns3NsPerSegment;
    out.push({
      what: 'WiFi CPU per TCP segment delivered over wired',
      value: `${f(wifi.tsqNsPerSegment, 0)} ns / ${f(wired.tsqNsPerSegment, 0)} ns = ${f(tsq, 2)}× (ns-3: ${f(ns3, 2)}×)`,
      goal: "≤ ns-3's ratio",
      met: tsq <= ns3,
      note: `simulation only; per event: ${f(wifi.tsqNsPerEvent, 0)} / ${f(wired.tsqNsPerEvent, 0)} ns`,
    });
  }
  return out;
}

export function speedTargets(p: SpeedParts): Target[] {
  const out = vsTargets(p.vs, p.sweeps);
  for (const r of p.memory ?? [])
    out.push({
      what: `peak RSS, ${LONG_S} s run over ${SHORT_S} s: ${r.name}`,
      value: `${f(r.longMB)} / ${f(r.shortMB)} MB (${r.growth >= 0 ? '+' : ''}${f(r.growth * 100)} %)`,
      goal: '≤ +5 %',
      met: r.growth <= 0.05,
    });
  const row = (name: string): ScaleRow | undefined => p.scale?.find((x) => x.name === name);
  const r10 = row('10 Gbit/s');
  if (r10)
    out.push({
      what: '10 Gbit/s bottleneck, sim s per CPU s',
      value: f(r10.simS / r10.runCpuS),
      goal: '≥ 5',
      met: r10.simS / r10.runCpuS >= 5,
    });
  const r100 = row('100 Gbit/s GSO link');
  if (r100)
    out.push({
      what: '100 Gbit/s TSO link, sim s per CPU s',
      value: f(r100.simS / r100.runCpuS, 2),
      goal: '≥ 1 (real time)',
      met: r100.simS / r100.runCpuS >= 1,
    });
  const bundle = p.startup.find((r) => r.how === 'bundle');
  const npm = p.startup.find((r) => r.how === 'npm run sim');
  if (bundle)
    out.push({
      what: 'CLI start-up, 1 ms run (bundle)',
      value: `${f(bundle.wallS, 3)} s wall (fastest ${f(bundle.minWallS, 3)}), ${f(bundle.cpuS, 3)} s CPU; npm run sim: ${f(npm?.wallS ?? NaN, 3)} s wall (fastest ${f(npm?.minWallS ?? NaN, 3)})`,
      goal: '< 0.2 s',
      met: bundle.minWallS < 0.2,
      note: "judged on the bundle's fastest run (the least disturbed: an idle machine's estimate); npm adds its own start-up",
    });
  return out;
}

export async function runSpeedBench(fl: SpeedFlags, log: (s: string) => void): Promise<void> {
  const started = new Date();
  const load0 = loadavg();
  const vs = fl.vsNs3 ? await runVsNs3(fl.reps, fl.only, log) : null;
  const few = Math.max(1, Math.min(fl.reps, 3));
  const sweeps = vs ? benchSweeps(vs.ran, vs.built, Math.max(1, Math.min(fl.reps, 2)), log) : null;
  const memory = vs ? benchMemory(vs.ran, vs.built, few, log) : null;
  // --vs-ns3 prints the 10 and 100 Gbit/s rows; --scale the whole table.
  const scale = fl.scale
    ? await benchScale(few, log)
    : vs && !fl.only
      ? await benchScale(few, log, ['10 Gbit/s', '100 Gbit/s GSO link'])
      : null;
  log('CLI start-up');
  const startup = benchStartup(fl.reps * 2 + 1);
  const load1 = loadavg();
  const ts = speedTargets({ vs, sweeps, memory, scale, startup });
  const out = [
    `TSQ Lab speed — ${started.toISOString()} — node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'})`,
    `machine load average (1, 5, 15 min): ${load0.map((x) => x.toFixed(1)).join(', ')} at start, ${load1.map((x) => x.toFixed(1)).join(', ')} at end`,
    '',
  ];
  if (vs) out.push(vs.text, '');
  if (sweeps) out.push(sweepTable(sweeps), '');
  if (memory) out.push(memoryTable(memory), '');
  if (scale) out.push(scaleTable(scale), '');
  out.push(startupTable(startup), '', targetTable(ts));
  console.log(out.join('\n'));
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/speed-${started.toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      {
        started,
        loadavg: { start: load0, end: load1 },
        flags: fl,
        vs: vs && { scenes: vs.scenes, ns3Version: vs.ns3Version },
        sweeps,
        memory,
        scale,
        startup,
        targets: ts,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
}
