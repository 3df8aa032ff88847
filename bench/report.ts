/** The benchmark's printed table, the issue's targets and the initial-JavaScript size. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserResult } from './browser-bench';
import type { Busy, Composition } from './page-metrics';
import type { SceneRow, SweepResult } from './node-bench';

export interface JsSize {
  initialFiles: string[];
  initialGzipKB: number;
  initialRawKB: number;
  /** Chunks loaded later (workers, lazy imports), for reference. */
  otherGzipKB: Record<string, number>;
}

export interface Target {
  what: string;
  value: string;
  goal: string;
  met: boolean | null;
  note?: string;
}

const gzKB = (buf: Buffer): number => gzipSync(buf, { level: 9 }).length / 1024;

/** The scripts index.html loads up front (entry and modulepreloads), gzipped at level 9. */
export function jsSizes(distDir: string): JsSize {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const initial = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) initial.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) initial.add(m[1]);
  let gz = 0;
  let raw = 0;
  for (const f of initial) {
    const buf = readFileSync(join(distDir, f.replace(/^\//, '')));
    raw += buf.length / 1024;
    gz += gzKB(buf);
  }
  const other: Record<string, number> = {};
  for (const f of readdirJs(distDir))
    if (!initial.has(`/assets/${f}`)) other[f] = gzKB(readFileSync(join(distDir, 'assets', f)));
  return { initialFiles: [...initial], initialGzipKB: gz, initialRawKB: raw, otherGzipKB: other };
}

function readdirJs(distDir: string): string[] {
  return readdirSync(join(distDir, 'assets')).filter((x) => x.endsWith('.js'));
}

const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '-');
const pad = (s: string, n: number): string => s.padStart(n);

export function sceneTable(rows: SceneRow[]): string {
  const head = `${'scene'.padEnd(32)}${pad('sim s', 6)}${pad('runs', 5)}${pad('cold s', 8)}${pad('median s', 9)}${pad('cpu s', 7)}${pad('sim/wall', 9)}${pad('cold', 7)}${pad('sim/cpu', 8)}${pad('Mev/s', 7)}${pad('heap MB', 8)}`;
  const lines = rows.map(
    (r) =>
      `${r.scene.padEnd(32)}${pad(f(r.simSeconds, 0), 6)}${pad(String(r.reps), 5)}${pad(f(r.coldWallSeconds, 2), 8)}${pad(f(r.medianWallSeconds, 3), 9)}${pad(f(r.medianCpuSeconds, 2), 7)}${pad(f(r.simPerWall), 9)}${pad(f(r.coldSimPerWall), 7)}${pad(f(r.simSeconds / r.medianCpuSeconds), 8)}${pad(f(r.eventsPerSec / 1e6, 2), 7)}${pad(f(r.peakHeapMB, 0), 8)}`,
  );
  return [head, ...lines].join('\n');
}

/**
 * The per-skb probe's cost: each '<scene> +skb probe' row against its scene
 * without the probe, by CPU time of the simulating thread (wall time on a
 * shared machine says more about the neighbours).
 */
export function probeTable(rows: SceneRow[]): string {
  const lines: string[] = [];
  for (const on of rows) {
    const m = /^(.*) \+skb probe$/.exec(on.scene);
    const off = m && rows.find((r) => r.scene === m[1]);
    if (!m || !off) continue;
    const cost = on.medianCpuSeconds / off.medianCpuSeconds - 1;
    const wall = on.medianWallSeconds / off.medianWallSeconds - 1;
    lines.push(
      `${m[1].padEnd(32)}${pad(f(off.medianCpuSeconds, 3), 9)}${pad(f(on.medianCpuSeconds, 3), 9)}${pad(`${f(cost * 100)} %`, 9)}${pad(`${f(wall * 100)} %`, 9)}`,
    );
  }
  if (!lines.length) return '';
  const head = `${'per-skb probe (1 skb in 16)'.padEnd(32)}${pad('off cpu', 9)}${pad('on cpu', 9)}${pad('cost', 9)}${pad('wall', 9)}`;
  return [head, ...lines].join('\n');
}

export function targets(
  rows: SceneRow[],
  sweep: SweepResult | null,
  br: BrowserResult | null,
  js: JsSize | null,
  browserSkipped: string,
): Target[] {
  const out: Target[] = [];
  const scene = (name: string, goal: number, label: string): void => {
    const r = rows.find((x) => x.scene === name);
    out.push({
      what: `${label} sim s per wall s`,
      value: r
        ? `${f(r.simPerWall)} (cold ${f(r.coldSimPerWall)}; per CPU s ${f(r.simSeconds / r.medianCpuSeconds)})`
        : 'not run',
      goal: goal === 1 ? '> 1 (real time)' : `≥ ${goal}`,
      met: r ? (goal === 1 ? r.simPerWall > 1 : r.simPerWall >= goal) : null,
    });
  };
  scene('bench-wired', 60, 'bench-wired (fq_codel)');
  scene('bench-wired pfifo_fast', 60, 'bench-wired (pfifo_fast)');
  scene('bench-wifi', 125, 'bench-wifi');
  scene('gso-always-on', 1, 'gso-always-on');
  out.push({
    what: `4-point ${sweep ? f(sweep.simSeconds, 0) : 10} s sweep, pool of ${sweep?.poolSize ?? '-'}`,
    value: sweep
      ? `${f(sweep.coldSeconds, 2)} s new pool, ${f(sweep.warmSeconds, 2)} s warm pool`
      : 'not run',
    goal: '< 2 s',
    met: sweep ? sweep.coldSeconds < 2 : null,
    note: 'met is judged on the new pool (a fresh CLI process)',
  });
  if (br) {
    const s = br.sliderToFrameMs;
    const worst = Math.max(s.realTime.p95, s.fullSpeed.p95);
    out.push({
      what: 'slider → frame p50 / p95 (ms)',
      value: `1×: ${f(s.realTime.p50, 0)} / ${f(s.realTime.p95, 0)}; max: ${f(s.fullSpeed.p50, 0)} / ${f(s.fullSpeed.p95, 0)}`,
      goal: 'p95 < 50',
      met: worst < 50 && s.realTime.lost + s.fullSpeed.lost === 0,
    });
    const fi = br.frameIntervalMs;
    const busy = br.mainThreadBusy;
    const pct = (x: number): string => `${f(x * 100, 0)} %`;
    const busyText = (b: Busy): string =>
      `${pct(b.tasks)} (script ${pct(b.script)}, layout ${pct(b.layout)}, style ${pct(b.style)})`;
    out.push({
      what: 'frame interval p95 (ms)',
      value: `1×: ${f(fi.realTime.p95)}; max: ${f(fi.fullSpeed.p95)}`,
      goal: '≤ 20',
      met: Math.max(fi.realTime.p95, fi.fullSpeed.p95) <= 20,
      note: `main thread busy 1×: ${busyText(busy.realTime)}; max: ${busyText(busy.fullSpeed)}`,
    });
    out.push({
      what: 'main-thread tasks > 50 ms while running',
      value: `${br.longTasks.whileRunning} (longest ${f(br.longTasks.longestMs, 0)} ms; ${br.longTasks.duringLoad} during load)`,
      goal: '0',
      met: br.longTasks.whileRunning === 0,
      note: [
        Object.entries(br.longTasks.byPhase ?? {})
          .map(([k, n]) => `${k}: ${n}`)
          .join('; '),
        compositionText(br.longTasks.composition, br.longTasks.whileRunning),
        splitText(br.longTasks),
      ]
        .filter(Boolean)
        .join('. '),
    });
    const h = br.heapMB;
    out.push({
      what: `heap after ${f(h.endMinutes, 1)} min at full speed vs 1 min`,
      value: `${f(br.heapGrowthPct)} % (page ${f(h.atOneMinute.page)}→${f(h.atEnd.page)} MB, worker ${f(h.atOneMinute.worker)}→${f(h.atEnd.worker)} MB)`,
      goal: '< 10 % growth',
      met: br.heapGrowthPct < 10,
      note:
        h.endMinutes < 10
          ? `a ${f(h.endMinutes, 1)}-minute run, not 10 (npm run bench -- --long-minutes 10)`
          : undefined,
    });
    const sw = br.sweepUi;
    out.push({
      what: sw ? `UI during a ${sw.cells}-cell sweep (${sw.experiment})` : 'UI during a sweep',
      value: sw
        ? `click → paint p50 / p95 ${f(sw.clickToPaintMs.p50, 0)} / ${f(sw.clickToPaintMs.p95, 0)} ms; frame p95 ${f(sw.frameIntervalMs.p95)} ms; ${sw.longTasks} tasks > 50 ms (longest ${f(sw.longestTaskMs, 0)}); cancel ${f(sw.cancelMs, 0)} ms; sweep ${f(sw.sweepSeconds, 1)} s`
        : 'not measured',
      goal: 'click → paint p95 < 100',
      met: sw ? sw.clickToPaintMs.p95 < 100 : null,
    });
    const ps = br.presetSpeeds;
    if (ps && ps.length) {
      const misses = ps.filter((r) => !(r.simPerWall >= r.goal));
      const slowest = ps.reduce((a, r) => (r.simPerWall / r.goal < a.simPerWall / a.goal ? r : a));
      out.push({
        what: 'every preset at full speed, sim s per wall s',
        value: `slowest against its goal: ${slowest.preset} ${f(slowest.simPerWall, 2)} (goal ${slowest.goal}); ${misses.length} of ${ps.length} below`,
        goal: '≥ 10 (≤ 1 Gbit/s), > 1',
        met: misses.length === 0,
        note: misses.length ? misses.map((r) => `${r.preset} ${f(r.simPerWall, 2)}`).join(', ') : undefined,
      });
    }
  } else {
    for (const what of ['slider → frame', 'frame interval', 'long tasks', 'heap growth', 'UI during a sweep'])
      out.push({ what, value: browserSkipped, goal: '', met: null });
  }
  out.push({
    what: 'initial JavaScript, gzip -9',
    value: js ? `${f(js.initialGzipKB)} KB (${f(js.initialRawKB, 0)} KB raw)` : 'not measured',
    goal: '< 250 KB',
    met: js ? js.initialGzipKB < 250 : null,
  });
  return out;
}

export function targetTable(ts: Target[]): string {
  const w = Math.max(...ts.map((t) => t.what.length));
  const v = Math.max(...ts.map((t) => t.value.length));
  const lines = ts.map((t) => {
    const met = t.met === null ? '-' : t.met ? 'yes' : 'NO';
    return `${t.what.padEnd(w)}  ${t.value.padEnd(v)}  ${t.goal.padEnd(16)}${met}${t.note ? `  (${t.note})` : ''}`;
  });
  return [`${'target'.padEnd(w)}  ${'measured'.padEnd(v)}  ${'goal'.padEnd(16)}met`, ...lines].join('\n');
}

/** Each task's wall time as CPU / waiting for a core / other (see sched-sampler.ts), worst first. */
function splitText(lt: BrowserResult['longTasks']): string {
  const sp = lt.splits;
  if (!sp || !sp.length) return '';
  const ms = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : '?');
  const each = [...sp]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 8)
    .map((t) => `${ms(t.duration)} = ${ms(t.cpuMs)}/${ms(t.waitMs)}/${ms(t.otherMs)}`)
    .join(', ');
  return (
    `${lt.overBudgetOnCpu} of the ${sp.length} had over 50 ms on the CPU; ` +
    `wall ms = on CPU / waiting for a core / other: ${each}${sp.length > 8 ? ', …' : ''}`
  );
}

/** What the long tasks were made of (see BrowserResult.longTasks.composition). */
function compositionText(c: Composition | undefined, tasks: number): string {
  if (!c || c.inFrame === 0) return '';
  const scripts = (c.scripts ?? [])
    .slice(0, 3)
    .map((sc) => `${sc.invoker} ${sc.ms.toFixed(0)}`)
    .join(', ');
  return (
    `${c.inFrame} of the ${tasks} ran in a long animation frame; on average ${c.scriptMs.toFixed(0)} ms script` +
    (scripts ? ` (${scripts})` : '') +
    `, ${c.renderMs.toFixed(0)} ms style/layout/paint, ${c.afterPaintMs.toFixed(0)} ms after the paint (the commit, which rasterises the canvases drawn)`
  );
}
