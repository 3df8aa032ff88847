/**
 * The timelines as a tool: wheel zoom and drag pan inside any chart move
 * the window of every panel, the keys do the same, the time under the
 * pointer is shown, every y axis names its unit, and no tick or marker
 * label is cut off at the edges of its plot at 1280 and 1440 px.
 */
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

/** Opens the ath9k preset, runs it to `ns` of simulated time and pauses. */
async function runTo(page: Page, ns: number): Promise<void> {
  await page.goto('/?preset=ath9k-pacing-shift&speed=max');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction((t) => window.__tsq!.nowNs() > t, ns);
  await page.evaluate(() => window.__tsq!.pause());
  await expect(page.getByTestId('play')).toHaveText('Play');
}

const span = (w: { t0Ns: number; t1Ns: number }) => w.t1Ns - w.t0Ns;

/** Every track's last drawn window, once each equals the shared one. */
async function allPanelsAt(page: Page): Promise<{ t0Ns: number; t1Ns: number }> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const v = window.__tsq!.visibleWindow();
        const drawn = Object.values(window.__tsq!.trackWindows());
        return drawn.length >= 4 && drawn.every((d) => d!.t0Ns === v.t0Ns && d!.t1Ns === v.t1Ns);
      }),
    )
    .toBe(true);
  return page.evaluate(() => window.__tsq!.visibleWindow());
}

test('wheel zoom and drag pan inside a chart move the window of every panel; keys do too', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await runTo(page, 2.5e9);
  const before = await allPanelsAt(page);
  const box = (await page.getByTestId('track-throughput').locator('canvas.layer-over').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await expect
    .poll(async () => span(await page.evaluate(() => window.__tsq!.visibleWindow())))
    .toBeLessThan(span(before) * 0.8);
  const zoomed = await allPanelsAt(page);
  // Following the clock, a zoom keeps the live edge where it is.
  expect(zoomed.t1Ns).toBe(before.t1Ns);
  // The time under the pointer is on the time axis.
  await expect(page.getByTestId('hover-time')).toBeVisible();
  await expect(page.getByTestId('hover-time')).toHaveText(/^\d+(\.\d+)? (s|ms)$/);

  // Dragging right shows earlier time, in every panel.
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const panned = await allPanelsAt(page);
  expect(panned.t1Ns).toBeLessThan(zoomed.t1Ns);
  expect(span(panned)).toBeCloseTo(span(zoomed), -3);

  // Keys on a focused chart: − zooms out, End follows the clock again.
  await page.getByTestId('track-occupancy').locator('.plot').focus();
  await page.keyboard.press('-');
  await expect.poll(async () => span(await allPanelsAt(page))).toBeGreaterThan(span(panned) * 1.4);
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: '● Live' })).toBeVisible();
  expect(errors).toEqual([]);
});

for (const width of [1280, 1440]) {
  test(`at ${width} px every y axis names its unit and no tick or marker label is cut off`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto('/?preset=ath9k-pacing-shift&speed=max');
    await page.waitForFunction(() => window.__tsq?.ready() === true);
    await page.evaluate(() => window.__tsq!.play());
    await page.waitForFunction(() => window.__tsq!.nowNs() > 1.9e9);
    // A change just before the pause puts its marker label by the right edge.
    await page.evaluate(() => window.__tsq!.setParam('tcp.tcp_limit_output_bytes', 131072));
    await page.waitForFunction(() => window.__tsq!.nowNs() > 2.05e9);
    await page.evaluate(() => window.__tsq!.pause());
    await expect(page.getByTestId('change-marker')).not.toHaveCount(0);
    const titles = await page.locator('.timelines .y-axis .axis-title').allTextContents();
    expect(titles.length).toBeGreaterThanOrEqual(4);
    expect(titles).toEqual(expect.arrayContaining(['bytes', 'bit/s', 'frames', 'ms']));
    expect(titles.every((t) => t.length > 0)).toBe(true);
    const cut = await page.evaluate(() => {
      const out: string[] = [];
      for (const t of Array.from(document.querySelectorAll<SVGTextElement>('.timelines svg text'))) {
        const cs = getComputedStyle(t);
        if (cs.visibility === 'hidden' || cs.display === 'none' || !t.textContent) continue;
        const r = t.getBoundingClientRect();
        if (r.width === 0) continue;
        // The box that clips it: the plot (time axis) or the row of the track (y axes).
        const clip = t.closest('.plot') ?? t.closest('.track-body');
        const c = clip!.getBoundingClientRect();
        if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 8 || r.bottom > c.bottom + 8)
          out.push(
            `${t.textContent} [${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(c.left)}–${Math.round(c.right)}]`,
          );
      }
      return out;
    });
    expect(cut).toEqual([]);
  });
}
