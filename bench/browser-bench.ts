/**
 * The browser half of the benchmark: the production build served by
 * `vite preview`, driven in headless Chromium through Playwright. Measures
 * slider input → first frame that shows the change, the interval between
 * painted frames, main-thread tasks over 50 ms, and the heap of the page and
 * of the simulation worker after a long run at full speed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from '@playwright/test';
import type {} from '../src/app/test-hook-types';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { inPage, type LongFrame, type LongTask } from './in-page';
import {
  byPhase,
  composition,
  measureBusy,
  pageHeap,
  quantiles,
  withTimeout,
  workerHeap,
  type Busy,
  type Composition,
  type Quantiles,
} from './page-metrics';
import { type PresetSpeed, presetSpeeds } from './preset-speeds';
import { measureSweepUi, type SweepUiResult } from './sweep-ui';
import {
  pageClockOffset,
  rendererPids,
  sampleBusiest,
  type SchedSampler,
  type TaskSplit,
} from './sched-sampler';

export interface BrowserOptions {
  distDir: string;
  port: number;
  /** Wall minutes of the long run at full speed (the heap is compared with the one after the first minute). */
  longMinutes: number;
  sliderSamples: number;
  frameWindowMs: number;
  /** Wall ms each preset runs at full speed for the preset-speed row. */
  presetWindowMs: number;
  /** CSS pixels of the page, and device pixels per CSS pixel (2 on most laptops: four times the canvas pixels). */
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
}

export interface BrowserResult {
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  preset: string;
  sliderKey: string;
  sliderToFrameMs: { realTime: Quantiles; fullSpeed: Quantiles };
  frameIntervalMs: { realTime: Quantiles; fullSpeed: Quantiles };
  /** Share of wall time the page's main thread spent in tasks, and in script, while frames were counted. */
  mainThreadBusy: { realTime: Busy; fullSpeed: Busy };
  longTasks: {
    duringLoad: number;
    whileRunning: number;
    longestMs: number;
    /**
     * Each running task's wall time split by the renderer main thread's scheduler counters (see
     * sched-sampler.ts); null where the kernel does not expose them.
     */
    splits: (LongTask & TaskSplit)[] | null;
    /** Running tasks with over 50 ms on the CPU: long by their own work, not by waiting for a core. */
    overBudgetOnCpu: number | null;
    /** Tasks over 50 ms per phase of the run (start of each task); the forced GCs of `heap readings` are not page tasks and never show. */
    byPhase: Record<string, number>;
    /** What the long tasks were made of (see Composition). */
    composition: Composition;
  };
  heapMB: {
    atOneMinute: { page: number; worker: number };
    atEnd: { page: number; worker: number };
    endMinutes: number;
  };
  heapGrowthPct: number;
  /** The page while an experiment's sweep runs (after the long run; null if it failed). */
  sweepUi: SweepUiResult | null;
  /** Every preset at full speed (./preset-speeds.ts); null when that step failed. */
  presetSpeeds: PresetSpeed[] | null;
  simSecondsAtEnd: number;
  errors: string[];
}

const NAN_SPLIT: TaskSplit = { cpuMs: NaN, waitMs: NaN, otherMs: NaN };

/** Heap readings (2 s apart) whose median is taken at 1 minute and at the end. */
const HEAP_READINGS = 5;

/** A change that shows in no frame within this long counts as lost. */
const SLIDER_TIMEOUT_MS = 5000;
/** Beyond its own length, how long a step may run before it counts as stalled. */
const STEP_SLACK_MS = 30_000;
/** Quiet time after the first charts are painted before the run starts (see benchBrowser). */
const LOAD_SETTLE_MS = 1000;

// --expose-gc lets the benchmark collect garbage before it reads a heap size.
const BENCH_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--expose-gc'];

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function startPreview(o: BrowserOptions): ChildProcess {
  return spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(o.port),
      '--strictPort',
      '--outDir',
      o.distDir,
    ],
    { stdio: 'ignore' },
  );
}

async function sliderRun(page: Page, key: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    out.push(
      await page.evaluate(inPage.moveSliderAndWait, {
        key,
        toHigh: i % 2 === 0,
        timeoutMs: SLIDER_TIMEOUT_MS,
      }),
    );
  return out;
}

export async function benchBrowser(o: BrowserOptions, log: (s: string) => void): Promise<BrowserResult> {
  const server = startPreview(o);
  let browser: Browser | null = null;
  let sampling: ReturnType<typeof sampleBusiest> | null = null;
  try {
    const base = `http://127.0.0.1:${o.port}/`;
    await waitForHttp(base, 60_000);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: BENCH_CHROMIUM_ARGS,
    });
    const page = await browser.newPage({ viewport: o.viewport, deviceScaleFactor: o.deviceScaleFactor });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.addInitScript(inPage.init);
    await page.goto(base);
    await page.waitForFunction(() => window.__tsq?.ready() === true, undefined, { timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    sampling = sampleBusiest(await rendererPids(browser));
    const preset = await page.evaluate(() => window.__tsq!.presetId());
    const key = await page.evaluate(inPage.pickSliderKey);
    if (!key) throw new Error(`preset ${preset} has no live slider`);
    // The page has loaded once its first charts are on screen; a user presses play after that, so the
    // run starts after two painted frames and a second of quiet (tasks before it count as load).
    await page.evaluate(
      () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );
    await page.waitForTimeout(LOAD_SETTLE_MS);
    const runStart = await page.evaluate(() => performance.now());
    // Each step has a deadline, so a stall fails the browser part with its name instead of hanging it.
    const sliderBudgetMs = o.sliderSamples * (SLIDER_TIMEOUT_MS + 1000) + STEP_SLACK_MS;
    // Phase boundaries in the page's clock, so each long task can be attributed.
    const phases: { name: string; at: number }[] = [];
    const phase = async (name: string): Promise<void> => {
      phases.push({ name, at: await page.evaluate(() => performance.now()) });
    };

    // Real time (the default speed).
    await page.evaluate(() => window.__tsq!.play());
    await page.waitForFunction(() => window.__tsq!.frames() > 20);
    log(`  browser: slider ${key} at real time`);
    await phase('slider, 1×');
    const sliderRt = await withTimeout(sliderRun(page, key, o.sliderSamples), sliderBudgetMs, 'slider at 1×');
    await phase('frames, 1×');
    const framesRt = await withTimeout(
      measureBusy(cdp, () => page.evaluate(inPage.frameIntervals, o.frameWindowMs)),
      o.frameWindowMs + STEP_SLACK_MS,
      'frame intervals at 1×',
    );

    // As fast as possible: the long run starts here.
    await page.getByTestId('speed').selectOption('max');
    const fullStart = performance.now();
    log(`  browser: slider ${key} at full speed`);
    await phase('slider, full speed');
    const sliderFull = await withTimeout(
      sliderRun(page, key, o.sliderSamples),
      sliderBudgetMs,
      'slider at full speed',
    );
    await phase('frames, full speed');
    const framesFull = await withTimeout(
      measureBusy(cdp, () => page.evaluate(inPage.frameIntervals, o.frameWindowMs)),
      o.frameWindowMs + STEP_SLACK_MS,
      'frame intervals at full speed',
    );

    const wheap = await withTimeout(workerHeap(browser), STEP_SLACK_MS, 'attaching to the worker');
    const waitUntil = async (minutes: number): Promise<void> => {
      const left = fullStart + minutes * 60_000 - performance.now();
      if (left > 0) await page.waitForTimeout(left);
    };
    log(`  browser: long run at full speed, ${o.longMinutes} min`);
    await phase('long run');
    await waitUntil(1);
    // One reading after a forced GC swings by ±6 % with what is live at that instant (frames in
    // flight, half-built columns); the median of several readings 2 s apart is the level.
    const heapLevel = async (): Promise<{ page: number; worker: number }> => {
      const pages: number[] = [];
      const workers: number[] = [];
      for (let i = 0; i < HEAP_READINGS; i++) {
        if (i > 0) await page.waitForTimeout(2000);
        pages.push(await pageHeap(cdp));
        workers.push(await wheap());
      }
      return { page: quantiles(pages).p50, worker: quantiles(workers).p50 };
    };
    await phase('heap readings');
    const at1 = await heapLevel();
    await phase('long run');
    await waitUntil(o.longMinutes);
    await phase('heap readings');
    const atEnd = await heapLevel();
    await phase('end');
    const simSecondsAtEnd = (await page.evaluate(() => window.__tsq!.nowNs())) / 1e9;
    const sampler: SchedSampler | null = sampling.stop();
    const offsetMs = await pageClockOffset(page);
    const tasks: LongTask[] = await page.evaluate(() => window.__benchLongTasks ?? []);
    const running = tasks.filter((t) => t.start >= runStart);
    const splits = sampler
      ? running.map((t) => ({ ...t, ...(sampler.split(t.start - offsetMs, t.duration) ?? NAN_SPLIT) }))
      : null;
    const longFrames: LongFrame[] = (await page.evaluate(() => window.__benchLongFrames ?? [])).filter(
      (fr) => fr.start >= runStart,
    );
    const total1 = at1.page + at1.worker;
    const totalEnd = atEnd.page + atEnd.worker;
    log('  browser: the page during an experiment sweep');
    let sweepUi: SweepUiResult | null = null;
    try {
      sweepUi = await measureSweepUi(page, base.replace(/\/$/, ''), log);
    } catch (e) {
      errors.push(`sweep UI: ${e instanceof Error ? e.message : String(e)}`);
    }
    let speeds: PresetSpeed[] | null = null;
    try {
      speeds = await presetSpeeds(page, base, o.presetWindowMs, log);
    } catch (e) {
      errors.push(`preset speeds: ${e instanceof Error ? e.message : String(e)}`);
    }
    return {
      viewport: o.viewport,
      deviceScaleFactor: o.deviceScaleFactor,
      preset,
      sliderKey: key,
      sliderToFrameMs: { realTime: quantiles(sliderRt), fullSpeed: quantiles(sliderFull) },
      frameIntervalMs: { realTime: quantiles(framesRt.value), fullSpeed: quantiles(framesFull.value) },
      mainThreadBusy: { realTime: framesRt.busy, fullSpeed: framesFull.busy },
      longTasks: {
        duringLoad: tasks.length - running.length,
        whileRunning: running.length,
        longestMs: running.reduce((m, t) => Math.max(m, t.duration), 0),
        splits,
        overBudgetOnCpu: splits ? splits.filter((t) => !(t.cpuMs <= 50)).length : null,
        byPhase: byPhase(running, phases),
        composition: composition(running, longFrames),
      },
      heapMB: { atOneMinute: at1, atEnd, endMinutes: o.longMinutes },
      heapGrowthPct: ((totalEnd - total1) / total1) * 100,
      simSecondsAtEnd,
      sweepUi,
      presetSpeeds: speeds,
      errors,
    };
  } finally {
    sampling?.stop();
    await browser?.close();
    server.kill();
  }
}
