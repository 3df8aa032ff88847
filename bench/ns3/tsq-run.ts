/**
 * TSQ Lab's side of the side-by-side benchmark, as a process of its own
 * (bundled by bench/ns3/build.ts like the CLI, with the CLI's V8 settings, so
 * no TypeScript is compiled at run time). Two modes:
 *
 *   node tsq-run.mjs time <preset|scenario.json> <durationMs> [key=value ...]
 *     builds and runs the scene; prints JSON with the wall and CPU time of
 *     building and of running (simulation only), the events and the summary;
 *     then builds and runs it once more in the same process (V8 has compiled
 *     the core by then: the warm cost, `warmRunCpuS`).
 *   node tsq-run.mjs metrics <preset|scenario.json> <durationMs> [key=value ...]
 *     the same run (deterministic: the same packets), with the figures the
 *     ns-3 programs print beside theirs: ping RTT median and minimum and
 *     the TCP srtt median per flow, after the warm-up. Not timed.
 */
// The CLI's V8 settings, so the simulation runs here as it runs in the CLI.
import '../../src/cli/v8-flags';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { NS_PER_MS } from '../../src/sim/engine/time';
import type { Skb } from '../../src/sim/model/skb';
import { buildModel } from '../../src/sim/run';
import { loadScenarioJson } from '../../src/sim/scenario/load';
import { findPreset } from '../../src/sim/scenario/presets/index';
import type { Scenario } from '../../src/sim/scenario/scenario';
import { applyOverrides, durationOverrides } from '../../src/sim/scenario/validate';

/** CPU time of this process, all threads (user + system), in seconds. */
const processCpuS = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** CPU time of the main thread alone (/proc schedstat, ns), in seconds; NaN without /proc. */
function mainThreadCpuS(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return NaN;
  }
}

function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const a = [...xs].sort((x, y) => x - y);
  return a[Math.min(a.length - 1, Math.round(0.5 * (a.length - 1)))];
}

function scenario(target: string, durationMs: number, sets: string[]): Scenario {
  const base = target.endsWith('.json')
    ? loadScenarioJson(readFileSync(target, 'utf8'))
    : findPreset(target)?.scenario();
  if (!base) throw new Error(`unknown preset ${target}`);
  const set: Record<string, string> = {};
  for (const kv of sets) set[kv.slice(0, kv.indexOf('='))] = kv.slice(kv.indexOf('=') + 1);
  const given = applyOverrides(base, set);
  return applyOverrides(base, { ...set, ...durationOverrides(given, durationMs) });
}

function timeRun(presetId: string, durationMs: number, sets: string[]): object {
  const sc = scenario(presetId, durationMs, sets);
  const w0 = performance.now();
  const c0 = processCpuS();
  const m0 = mainThreadCpuS();
  const m = buildModel(sc, 1, false);
  const w1 = performance.now();
  const c1 = processCpuS();
  m.sim.runUntil(durationMs * NS_PER_MS);
  const w2 = performance.now();
  const c2 = processCpuS();
  const m2 = mainThreadCpuS();
  const summary = m.summary();
  const again = buildModel(sc, 1, false);
  const c3 = processCpuS();
  again.sim.runUntil(durationMs * NS_PER_MS);
  const warmRunCpuS = processCpuS() - c3;
  return {
    buildWallS: (w1 - w0) / 1000,
    buildCpuS: c1 - c0,
    runWallS: (w2 - w1) / 1000,
    runCpuS: c2 - c1,
    mainThreadCpuS: m2 - m0,
    events: m.sim.eventsRun,
    summary,
    warmRunCpuS,
  };
}

function metricsRun(presetId: string, durationMs: number, sets: string[]): object {
  const sc = scenario(presetId, durationMs, sets);
  const m = buildModel(sc, 1, false);
  const pings: number[][] = [];
  const srtt: number[][] = m.senders.map(() => []);
  const reply = m.pingReply.bind(m);
  m.pingReply = (r: Skb): void => {
    if (m.isMeasuring()) (pings[r.ackSeq] ??= []).push((m.sim.nowNs - r.createdNs) / 1e6);
    reply(r);
  };
  // srtt of every flow every 10 ms: stopping the clock does not change what runs.
  for (let t = 10; t <= durationMs; t += 10) {
    m.sim.runUntil(t * NS_PER_MS);
    if (m.isMeasuring()) m.senders.forEach((s, i) => srtt[i].push(s.srttNs / 1e6));
  }
  m.sim.runUntil(durationMs * NS_PER_MS);
  return {
    events: m.sim.eventsRun,
    summary: m.summary(),
    pingMsMedian: pings.map(median),
    pingMsMin: pings.map((p) => Math.min(...p)),
    srttMsMedian: srtt.map(median),
  };
}

const [mode, presetId, ms, ...sets] = process.argv.slice(2);
const durationMs = Number(ms);
if ((mode !== 'time' && mode !== 'metrics') || !presetId || !(durationMs > 0)) {
  console.error('usage: tsq-run.mjs time|metrics <preset|scenario.json> <durationMs> [key=value ...]');
  process.exit(2);
}
const out = mode === 'time' ? timeRun(presetId, durationMs, sets) : metricsRun(presetId, durationMs, sets);
process.stdout.write(JSON.stringify(out) + '\n');
