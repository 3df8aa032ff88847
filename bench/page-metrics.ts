/**
 * What the browser benchmark reads from the page over the DevTools protocol
 * and how it condenses it: quantiles, main-thread busy fractions, heap sizes
 * of the page and the simulation worker, and the make-up of long tasks.
 */
import type { Browser, CDPSession } from '@playwright/test';
import type { LongFrame, LongTask } from './in-page';

export interface Quantiles {
  n: number;
  /** Samples that never completed (NaN), left out of the quantiles. */
  lost: number;
  p50: number;
  p95: number;
  max: number;
}

/** Fractions of wall time (CDP Performance metrics of the page's main thread). */
export interface Busy {
  tasks: number;
  script: number;
  layout: number;
  style: number;
}

/**
 * What the long tasks were made of, from the long animation frame each ran in (Long Animation
 * Frames API): its script, its style/layout/paint, and the time the task went on after the
 * frame's paint (the commit to the compositor, which rasterises the canvases the frame drew
 * when compositing is done in software). Averages over the `inFrame` tasks; ms.
 */
export interface Composition {
  inFrame: number;
  scriptMs: number;
  renderMs: number;
  afterPaintMs: number;
  /** Script time by what invoked it, largest first (averaged the same way). */
  scripts: { invoker: string; ms: number }[];
}

/** Rejects if `p` has not settled within `ms`, naming `what`: a stalled step fails the run instead of hanging it. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

export function quantiles(xs: number[]): Quantiles {
  const a = xs.filter((x) => Number.isFinite(x)).sort((x, y) => x - y);
  const q = (p: number): number => (a.length ? a[Math.min(a.length - 1, Math.ceil(p * a.length) - 1)] : NaN);
  return {
    n: a.length,
    lost: xs.length - a.length,
    p50: q(0.5),
    p95: q(0.95),
    max: a.length ? a[a.length - 1] : NaN,
  };
}

/** How long the simulation worker may take to answer a DevTools command. */
const WORKER_REPLY_MS = 30_000;

/** A CDP session on the simulation worker (not flattened: Playwright's CDPSession speaks to one target). */
export async function workerHeap(browser: Browser): Promise<() => Promise<number>> {
  const bs = await browser.newBrowserCDPSession();
  const { targetInfos } = await bs.send('Target.getTargets');
  const w = targetInfos.find((t) => t.type === 'worker' && t.url.includes('sim.worker'));
  if (!w) return async () => NaN;
  const { sessionId } = await bs.send('Target.attachToTarget', { targetId: w.targetId, flatten: false });
  let nextId = 1;
  const waiting = new Map<number, (r: unknown) => void>();
  bs.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result);
  });
  const send = (method: string): Promise<unknown> =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      void bs.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params: {} }),
      });
    });
  // A reading the worker never answers is lost (NaN), not a stalled run.
  return async () => {
    try {
      await withTimeout(send('HeapProfiler.collectGarbage'), WORKER_REPLY_MS, 'worker GC');
      const r = (await withTimeout(send('Runtime.getHeapUsage'), WORKER_REPLY_MS, 'worker heap')) as {
        usedSize: number;
      };
      return r.usedSize / 2 ** 20;
    } catch {
      return NaN;
    }
  };
}

export async function pageHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
}

/** Runs `f` and reports how busy the main thread was meanwhile (CDP Performance metrics, in seconds). */
export async function measureBusy<T>(
  cdp: CDPSession,
  f: () => Promise<T>,
): Promise<{ value: T; busy: Busy }> {
  const read = async (): Promise<Record<string, number>> =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const a = await read();
  const value = await f();
  const b = await read();
  const wall = b.Timestamp - a.Timestamp;
  return {
    value,
    busy: {
      tasks: (b.TaskDuration - a.TaskDuration) / wall,
      script: (b.ScriptDuration - a.ScriptDuration) / wall,
      layout: (b.LayoutDuration - a.LayoutDuration) / wall,
      style: (b.RecalcStyleDuration - a.RecalcStyleDuration) / wall,
    },
  };
}

/** Each long task matched to the long animation frame it started in, averaged. */
export function composition(tasks: LongTask[], frames: LongFrame[]): Composition {
  const by = new Map<string, number>();
  let inFrame = 0;
  let scriptMs = 0;
  let renderMs = 0;
  let afterPaintMs = 0;
  for (const t of tasks) {
    const fr = frames.find((f) => t.start >= f.start - 1 && t.start <= f.start + f.duration);
    if (!fr) continue;
    inFrame++;
    renderMs += fr.renderMs;
    afterPaintMs += Math.max(0, t.start + t.duration - (fr.start + fr.duration));
    for (const sc of fr.scripts) {
      scriptMs += sc.ms;
      const k = sc.invoker.replace(/\d+/g, '#');
      by.set(k, (by.get(k) ?? 0) + sc.ms);
    }
  }
  const n = Math.max(1, inFrame);
  return {
    inFrame,
    scriptMs: scriptMs / n,
    renderMs: renderMs / n,
    afterPaintMs: afterPaintMs / n,
    scripts: [...by].map(([invoker, ms]) => ({ invoker, ms: ms / n })).sort((a, b) => b.ms - a.ms),
  };
}

/** Long tasks counted by the phase they started in. */
export function byPhase(tasks: LongTask[], phases: { name: string; at: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of tasks) {
    let name = 'before the first phase';
    for (const p of phases) if (p.at <= t.start) name = p.name;
    out[name] = (out[name] ?? 0) + 1;
  }
  return out;
}
