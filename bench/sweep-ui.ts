/**
 * Does the page stay responsive while an experiment's sweep runs on the
 * worker pool? Runs the brcmfmac FC-mode table (12 cells at the published
 * 6 s each) in the experiments view and measures, while it runs: the
 * interval between animation frames, main-thread tasks over 50 ms, and the
 * time from a click to the next painted frame (input → paint). A second run
 * is cancelled mid-way to time the cancel.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { quantiles, type Quantiles } from './page-metrics';
import type { LongTask } from './in-page';

export interface SweepUiResult {
  experiment: string;
  cells: number;
  sweepSeconds: number;
  frameIntervalMs: Quantiles;
  clickToPaintMs: Quantiles;
  longTasks: number;
  longestTaskMs: number;
  /** From the cancel click to the progress bar saying so. */
  cancelMs: number;
}

const EXPERIMENT = 'brcmfmac-fc-mode';

declare global {
  interface Window {
    __sweepFrames?: number[];
    __sweepFramesOn?: boolean;
  }
}

/** Records every animation frame's time until __sweepFramesOn is cleared. */
function recordFrames(): void {
  window.__sweepFrames = [];
  window.__sweepFramesOn = true;
  const tick = (t: number): void => {
    window.__sweepFrames!.push(t);
    if (window.__sweepFramesOn) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Clicks an inert part of the page and resolves with the time to the next painted frame (ms). */
function clickToPaint(): Promise<number> {
  return new Promise((resolve) => {
    const target = document.querySelector('[data-testid="account"]') ?? document.body;
    const t0 = window.performance.now();
    target.addEventListener(
      'click',
      () => requestAnimationFrame(() => setTimeout(() => resolve(window.performance.now() - t0), 0)),
      {
        once: true,
      },
    );
    target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}

async function chooseFullLength(page: Page): Promise<void> {
  const d = page.getByTestId('duration');
  await d.selectOption({ index: (await d.locator('option').count()) - 1 });
}

const status = (page: Page): Promise<string | null> =>
  page.getByTestId('sweep-progress').getAttribute('data-status');

export async function measureSweepUi(
  page: Page,
  base: string,
  log: (s: string) => void,
): Promise<SweepUiResult> {
  await page.goto(`${base}/?view=experiments&exp=${EXPERIMENT}`);
  await page.getByTestId(`experiment-${EXPERIMENT}`).waitFor();
  await chooseFullLength(page);
  const cells = await page.locator('[data-testid^="sim-cell-"]').count();
  const tasksBefore = await page.evaluate(() => window.__benchLongTasks?.length ?? 0);
  await page.evaluate(recordFrames);
  log(`sweep UI: ${EXPERIMENT}, ${cells} cells at the published length`);
  const t0 = performance.now();
  await page.getByTestId('run-sweep').click();
  const clicks: number[] = [];
  while ((await status(page)) === 'running' || clicks.length === 0) {
    clicks.push(await page.evaluate(clickToPaint));
    await page.waitForTimeout(200);
    if (performance.now() - t0 > 300_000) break;
  }
  const sweepSeconds = (performance.now() - t0) / 1000;
  const frames = await page.evaluate(() => {
    window.__sweepFramesOn = false;
    return window.__sweepFrames ?? [];
  });
  const tasks: LongTask[] = await page.evaluate((n) => (window.__benchLongTasks ?? []).slice(n), tasksBefore);
  const intervals = frames.slice(1).map((t, i) => t - frames[i]);

  // Cancel a second run once a few cells are done.
  await page.getByTestId('run-sweep').click();
  await page.waitForFunction(
    () =>
      ((document.querySelector('[data-testid="sweep-progress"]') as HTMLProgressElement | null)?.value ?? 0) >
      0.1,
  );
  const c0 = performance.now();
  await page.getByTestId('cancel-sweep').click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="sweep-progress"]')?.getAttribute('data-status') === 'cancelled',
  );
  const cancelMs = performance.now() - c0;

  return {
    experiment: EXPERIMENT,
    cells,
    sweepSeconds,
    frameIntervalMs: quantiles(intervals),
    clickToPaintMs: quantiles(clicks),
    longTasks: tasks.filter((t) => t.duration > 50).length,
    longestTaskMs: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    cancelMs,
  };
}
