/**
 * The speed half of `npm run bench` (`--vs-ns3`, `--scale`): TSQ Lab beside
 * ns-3, the scale table and the CLI's start-up, with the machine's load
 * beside them and the targets of issue 27, as ratios in this run. Reports;
 * never fails on a target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { sceneFigures } from './ns3/vs-table';
import { type Target, targetTable } from './report';
import { benchScale, type ScaleRow, scaleTable } from './scale';
import { benchStartup, type StartupRow, startupTable } from './startup';
import { runVsNs3, type VsResult } from './vs-ns3';

export interface SpeedFlags {
  vsNs3: boolean;
  scale: boolean;
  reps: number;
  only: string | null;
}

const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '-');

export function speedTargets(vs: VsResult | null, scale: ScaleRow[] | null, startup: StartupRow[]): Target[] {
  const out: Target[] = [];
  const figs = (vs?.scenes ?? []).map((s) => ({ s, fig: sceneFigures(s) }));
  for (const { s, fig } of figs) {
    const worst = Math.min(fig.wholeWall, fig.wholeCpu);
    out.push({
      what: `${s.name}: TSQ Lab vs ns-3, whole process`,
      value: `${f(fig.wholeWall)}× wall, ${f(fig.wholeCpu)}× CPU (simulation only ${f(fig.simWall)}× / ${f(fig.simCpu)}×)`,
      goal: '≥ 10×',
      met: worst >= 10,
    });
  }
  const wired = figs.find((x) => x.s.name.startsWith('bench-wired fq_codel'))?.fig;
  const wifi = figs.find((x) => x.s.name.startsWith('bench-wifi'))?.fig;
  if (wired)
    out.push({
      what: 'bench-wired: events per CPU s (simulation only)',
      value: `${f(wired.tsqEventsPerCpuS / 1e6, 2)} M (run again in the process: ${f(1e3 / wired.tsqWarmNsPerEvent, 2)} M)`,
      goal: '≥ 3 M',
      met: wired.tsqEventsPerCpuS >= 3e6,
      note: 'judged on the first run, as the CLI runs',
    });
  if (wired && wifi)
    out.push({
      what: 'WiFi CPU per event over wired (simulation only)',
      value:
        `${f(wifi.tsqNsPerEvent, 0)} ns / ${f(wired.tsqNsPerEvent, 0)} ns = ${f(wifi.tsqNsPerEvent / wired.tsqNsPerEvent, 2)}×` +
        ` (run again: ${f(wifi.tsqWarmNsPerEvent, 0)} / ${f(wired.tsqWarmNsPerEvent, 0)} = ${f(wifi.tsqWarmNsPerEvent / wired.tsqWarmNsPerEvent, 2)}×)`,
      goal: '≤ 1.5×',
      met: wifi.tsqNsPerEvent / wired.tsqNsPerEvent <= 1.5,
      note: `per TCP segment delivered, a unit ns-3 shares: ${f(wifi.tsqNsPerSegment / wired.tsqNsPerSegment, 2)}× (ns-3: ${f(wifi.ns3NsPerSegment / wired.ns3NsPerSegment, 2)}×)`,
    });
  const bundle = startup.find((r) => r.how === 'bundle');
  const npm = startup.find((r) => r.how === 'npm run sim');
  if (bundle)
    out.push({
      what: 'CLI start-up, 1 ms run (bundle)',
      value: `${f(bundle.wallS, 3)} s wall (fastest ${f(bundle.minWallS, 3)}), ${f(bundle.cpuS, 3)} s CPU; npm run sim: ${f(npm?.wallS ?? NaN, 3)} s wall (fastest ${f(npm?.minWallS ?? NaN, 3)})`,
      goal: '< 0.2 s',
      met: bundle.minWallS < 0.2,
      note: "judged on the bundle's fastest run (the least disturbed: an idle machine's estimate); npm adds its own start-up",
    });
  for (const r of (scale ?? []).filter((x) => x.simS >= 20))
    out.push({
      what: `peak RSS, ${r.simS} s CLI run: ${r.name}`,
      value: `${f(r.maxRssMB)} MB`,
      goal: '≤ 60 MB',
      met: r.maxRssMB <= 60,
    });
  const row = (name: string): ScaleRow | undefined => scale?.find((x) => x.name === name);
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
      what: '100 Gbit/s GSO link, sim s per CPU s',
      value: f(r100.simS / r100.runCpuS, 2),
      goal: '≥ 1 (real time)',
      met: r100.simS / r100.runCpuS >= 1,
    });
  return out;
}

export async function runSpeedBench(fl: SpeedFlags, log: (s: string) => void): Promise<void> {
  const started = new Date();
  const load0 = loadavg();
  const vs = fl.vsNs3 ? await runVsNs3(fl.reps, fl.only, log) : null;
  const scale = fl.scale ? await benchScale(Math.max(1, Math.min(fl.reps, 3)), log) : null;
  log('CLI start-up');
  const startup = benchStartup(fl.reps * 2 + 1);
  const load1 = loadavg();
  const ts = speedTargets(vs, scale, startup);
  const out = [
    `TSQ Lab speed — ${started.toISOString()} — node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'})`,
    `machine load average (1, 5, 15 min): ${load0.map((x) => x.toFixed(1)).join(', ')} at start, ${load1.map((x) => x.toFixed(1)).join(', ')} at end`,
    '',
  ];
  if (vs) out.push(vs.text, '');
  if (scale) out.push(scaleTable(scale), '');
  out.push(startupTable(startup), '', targetTable(ts));
  console.log(out.join('\n'));
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/speed-${started.toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      { started, loadavg: { start: load0, end: load1 }, flags: fl, vs, scale, startup, targets: ts },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
}
