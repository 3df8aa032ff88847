/**
 * A knob that restarts the run (scatter-gather) keeps the run before the
 * restart on the charts, greyed, and marks the change on the time axis.
 */
import { test, expect, type Locator } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

/**
 * Over the plot's pixel columns for times [aNs, bNs] of the visible window:
 * the share of columns with ink (four pixels or more), and the mean colour spread (max − min of
 * r, g, b: 0 for grey) of that ink.
 */
async function inkBetween(plot: Locator, aNs: number, bNs: number) {
  const win = await windowOf(plot);
  return plot.evaluate(
    (p, [a, b, t0, t1]) => {
      const box = p.getBoundingClientRect();
      const toX = (t: number) => box.left + 1 + ((t - t0) / (t1 - t0)) * (box.width - 1);
      const tiles = Array.from(p.querySelectorAll<HTMLCanvasElement>('canvas.layer-data')).map((c) => ({
        c,
        r: c.getBoundingClientRect(),
        px: c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data,
      }));
      let cols = 0;
      let inked = 0;
      let spread = 0;
      let n = 0;
      for (let x = toX(a); x <= toX(b); x += 2) {
        cols++;
        let hit = 0;
        for (const { c, r, px } of tiles) {
          if (x < r.left || x >= r.right) continue;
          const cx = Math.floor(((x - r.left) / r.width) * c.width);
          for (let y = 0; y < c.height; y++) {
            const i = (y * c.width + cx) * 4;
            if (px[i + 3] < 40) continue;
            hit++;
            spread += Math.max(px[i], px[i + 1], px[i + 2]) - Math.min(px[i], px[i + 1], px[i + 2]);
            n++;
          }
        }
        // More than a rule across the plot (the socket strip's edge) or a lone dot.
        if (hit >= 4) inked++;
      }
      return { share: inked / Math.max(1, cols), spread: n ? spread / n : NaN };
    },
    [aNs, bNs, ...win] as const,
  );
}

async function windowOf(plot: Locator): Promise<[number, number]> {
  const w = await plot.page().evaluate(() => window.__tsq!.visibleWindow());
  return [w.t0Ns, w.t1Ns];
}

test('restarting the run with sg off keeps the run before it, greyed, and marks the change', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?preset=gso-always-on&zoom=4s&panels=occupancy,throughput');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.pause());
  await page.evaluate(() => window.__tsq!.step(3e9 - window.__tsq!.nowNs()));
  const r = await page.evaluate(() => window.__tsq!.setParam('link.sg', false));
  expect(r).toMatchObject({ ok: true, restarted: true });
  await page.waitForFunction(() => window.__tsq!.nowNs() < 2e9);
  await page.evaluate(() => window.__tsq!.step(1e9 - window.__tsq!.nowNs()));
  await page.waitForFunction(() => window.__tsq!.nowNs() >= 1e9);
  await page.waitForTimeout(800);
  const plot = page.getByTestId('track-occupancy').locator('.plot');
  // Past the new run's clock (1 s), up to where the run before it stopped (3 s): the before run, in grey.
  const before = await inkBetween(plot, 1.3e9, 2.8e9);
  expect(before.share, 'the run before the restart is still drawn').toBeGreaterThan(0.8);
  expect(before.spread, 'and greyed').toBeLessThan(30);
  // The new run itself keeps its colours.
  const now = await inkBetween(plot, 0.2e9, 0.9e9);
  expect(now.spread).toBeGreaterThan(before.spread);
  await expect(page.getByTestId('change-marker').filter({ hasText: 'link.sg' })).toHaveCount(1);
  expect(errors).toEqual([]);
});
