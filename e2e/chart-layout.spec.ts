/**
 * One chart layout in every host: a knob change at 4 s is drawn on a panel
 * with a side plot (the latency CDF) at the same x as the time axis's "4"
 * tick, in the explorer, the lesson player and the <tsq-lab> element.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import { completeStep, openStep, player } from './learn-helpers';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { TsqLearnHook } from '../src/app/learn/learn-hook-types';

declare const window: Window & { __tsq?: TsqTestHook; __tsqLearn?: TsqLearnHook };

const CHANGE = 'at=4s:tcp.tcp_limit_output_bytes=131072';

/**
 * The page x of the change line drawn in `plot`'s data canvases: the pixel
 * column with the most pixels of the theme's change colour.
 */
async function changeLineX(plot: Locator): Promise<number> {
  return plot.evaluate((p) => {
    const rgb = getComputedStyle(p).getPropertyValue('--chart-change').trim();
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = rgb;
    probe.fillRect(0, 0, 1, 1);
    const [r0, g0, b0] = probe.getImageData(0, 0, 1, 1).data;
    let best = { n: 0, x: NaN };
    for (const c of Array.from(p.querySelectorAll<HTMLCanvasElement>('canvas'))) {
      const box = c.getBoundingClientRect();
      if (!c.width || box.width <= 0) continue;
      const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      for (let x = 0; x < c.width; x++) {
        let n = 0;
        for (let y = 0; y < c.height; y++) {
          const i = (y * c.width + x) * 4;
          if (
            px[i + 3] > 200 &&
            Math.abs(px[i] - r0) + Math.abs(px[i + 1] - g0) + Math.abs(px[i + 2] - b0) < 40
          )
            n++;
        }
        if (n > best.n) best = { n, x: box.left + ((x + 0.5) / c.width) * box.width };
      }
    }
    return best.x;
  });
}

/** The page x of the time axis tick whose label reads `value` (4, 4.0). */
async function tickX(axis: Locator, value: number): Promise<number> {
  return axis.evaluate((g, v) => {
    const tick = Array.from(g.querySelectorAll('g.tick')).find((t) => Number(t.textContent?.trim()) === v);
    const line = tick?.querySelector('line');
    if (!line) return NaN;
    const b = line.getBoundingClientRect();
    return b.left + b.width / 2;
  }, value);
}

async function expectAligned(plot: Locator, axis: Locator): Promise<void> {
  const line = await changeLineX(plot);
  const tick = await tickX(axis, 4);
  expect(Number.isFinite(line), 'a change line is drawn').toBe(true);
  expect(Number.isFinite(tick), 'the axis has a 4 s tick').toBe(true);
  expect(Math.abs(line - tick), `change line at ${line}, 4 s tick at ${tick}`).toBeLessThanOrEqual(2);
}

test('explorer: a change at 4 s lies under the axis’s 4 s on a panel with a side plot', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/?v=2&preset=first-tsq&panels=occupancy,latency&zoom=8s&${CHANGE}`);
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.pause());
  await page.evaluate(() => window.__tsq!.step(8e9 - window.__tsq!.nowNs()));
  await page.waitForFunction(() => window.__tsq!.visibleWindow().t1Ns >= 7.9e9);
  await page.waitForTimeout(500);
  const track = page.getByTestId('track-latency');
  await expect(track.locator('.side canvas')).toHaveCount(1);
  await expectAligned(track.locator('.plot'), page.locator('.time-axis .x-axis'));
  expect(errors).toEqual([]);
});

test('lesson player: why-tsq step 2’s change at 4 s lies under the axis’s 4 s on the latency panel', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openStep(page, 'why-tsq', 2);
  await completeStep(page);
  await page.waitForTimeout(800);
  const latency = player(page).locator('section.chart[data-panel=latency]');
  await expect(latency.locator('.side canvas')).toHaveCount(1);
  await expectAligned(latency.locator('.plot'), player(page).locator('.time-row svg g').first());
  expect(errors).toEqual([]);
});

async function elementAligned(page: Page): Promise<void> {
  await page.goto(`/embed.html?v=2&preset=first-tsq&panels=occupancy,latency&zoom=8s&${CHANGE}`);
  const lab = page.locator('tsq-lab');
  await page.waitForFunction(
    () => {
      const e = document.querySelector('tsq-lab') as (HTMLElement & { simulatedNs: number }) | null;
      return !!e && e.simulatedNs >= 8e9;
    },
    null,
    { timeout: 60_000 },
  );
  await lab.evaluate((e) => (e as HTMLElement & { pause(): void }).pause());
  await page.waitForTimeout(800);
  const latency = lab.locator('section.chart[data-panel=latency]');
  await expect(latency.locator('.side canvas')).toHaveCount(1);
  await expectAligned(latency.locator('.plot'), lab.locator('.time-row svg g').first());
}

test('<tsq-lab> element: a change at 4 s lies under the axis’s 4 s on the latency panel', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1000, height: 800 });
  await elementAligned(page);
  expect(errors).toEqual([]);
});
