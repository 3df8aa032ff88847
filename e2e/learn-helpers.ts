/**
 * Driving the lesson player (inside its shadow root; Playwright's CSS
 * locators pierce it): wait for a step, complete it (answer, skip to the
 * end), read the values its prose shows, and check each against the
 * summaries the run took at its marks (window.__tsqLearn).
 */
import { expect, type Page } from '@playwright/test';
import type { TsqLearnHook } from '../src/app/learn/learn-hook-types';
import type { Summary } from '../src/sim/api';

declare const window: Window & { __tsqLearn?: TsqLearnHook };

export interface ShownValue {
  src: string;
  value: string;
  text: string;
  final: boolean;
}

export const player = (page: Page) => page.getByTestId('lesson-player');

export async function waitStep(page: Page, index?: number): Promise<void> {
  await page.waitForFunction(
    (i) => {
      const h = window.__tsqLearn;
      return !!h && (i === undefined || h.stepIndex() === i) && ['ready', 'ask', 'done'].includes(h.state());
    },
    index,
    { timeout: 60_000 },
  );
}

export async function openStep(page: Page, lesson: string, step: number, extra = ''): Promise<void> {
  await page.goto(`/?view=learn&lesson=${lesson}&step=${step}${extra}`);
  await waitStep(page, step - 1);
}

const state = (page: Page) => page.evaluate(() => window.__tsqLearn!.state());

/** Waits until the step is no longer running or loading. */
async function settle(page: Page): Promise<string> {
  await page.waitForFunction(
    () => ['ask', 'done', 'error', 'ready'].includes(window.__tsqLearn!.state()),
    null,
    {
      timeout: 120_000,
    },
  );
  return state(page);
}

/** Answers whatever the step asks (the first option, or the estimate as the marker stands) and skips to its end. */
export async function completeStep(page: Page): Promise<{ asked: boolean }> {
  let asked = false;
  for (let i = 0; i < 8; i++) {
    const s = await settle(page);
    if (s === 'done') return { asked };
    if (s === 'error')
      throw new Error(`step error: ${await page.evaluate(() => window.__tsqLearn!.error())}`);
    if (s === 'ask') {
      asked = true;
      const radio = player(page).locator('fieldset.predict input[type=radio]').first();
      if (await radio.count()) await radio.check();
      await player(page).getByTestId('predict-submit').click();
    } else await player(page).getByTestId('step-skip').click();
    await page
      .waitForFunction((prev) => window.__tsqLearn!.state() !== prev, s, { timeout: 30_000 })
      .catch(() => {});
  }
  throw new Error(`step did not finish: ${await state(page)}`);
}

export async function shownValues(page: Page): Promise<ShownValue[]> {
  return player(page)
    .locator('.paragraphs output.value')
    .evaluateAll((os) =>
      os.map((o) => ({
        src: (o as HTMLElement).dataset.src ?? '',
        value: (o as HTMLElement).dataset.value ?? '',
        text: o.textContent ?? '',
        final: (o as HTMLElement).dataset.final === 'true',
      })),
    );
}

function field(s: Summary | undefined, path: string[]): unknown {
  if (!s) return undefined;
  if (path[0] === 'seriesMeans') return s.seriesMeans?.[path.slice(1).join('.')];
  let x: unknown = s;
  for (const p of path) x = x && typeof x === 'object' ? (x as Record<string, unknown>)[p] : undefined;
  return x;
}

/**
 * Every value the prose shows is final, and each that reads one summary
 * field is that field of the run's summary at its mark (or of its
 * comparison run): the numbers are the simulation's. Returns the values.
 */
export async function expectValuesFromRun(page: Page): Promise<ShownValue[]> {
  const vals = await shownValues(page);
  const { marks, compare } = await page.evaluate(() => ({
    marks: window.__tsqLearn!.marks(),
    compare: window.__tsqLearn!.compare(),
  }));
  expect(vals.length).toBeGreaterThan(0);
  for (const v of vals) {
    expect(v.final, `${v.src} is final`).toBe(true);
    expect(v.text, v.src).not.toBe('…');
    if (!/^[\w.]+$/.test(v.src)) continue; // an expression of several refs
    const [root, ...rest] = v.src.split('.');
    if (root === 'param' || root === 'change' || root === 'published') continue;
    const want = root === 'compare' ? field(compare[rest[0]], rest.slice(1)) : field(marks[root], rest);
    expect(v.value, `${v.src} shows the run's value`).toBe(String(want));
  }
  return vals;
}
