/**
 * Links replay a run: a knob moved while the simulation runs is kept in the
 * address bar with its simulated time (`at=…`), and the link, opened in a
 * fresh context, gives byte-identical numbers at a time after the change.
 * The embed takes the same list as its `at` attribute.
 */
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => window.__tsq?.ready() === true);
}

/** Pauses and lets the last frame arrive, then runs 1 ms more so the clock sits on a whole step. */
async function settle(page: Page): Promise<number> {
  await page.evaluate(() => window.__tsq!.pause());
  await expect(page.getByTestId('play')).toHaveText('Play');
  await page.evaluate(() => window.__tsq!.step(1e6));
  let last = -1;
  await expect
    .poll(async () => {
      const t = await page.evaluate(() => window.__tsq!.nowNs());
      const same = t === last;
      last = t;
      return same;
    })
    .toBe(true);
  return last;
}

test('a link recorded after a mid-run change reopens to byte-identical numbers after it', async ({
  page,
  browser,
}) => {
  const errors = collectErrors(page);
  await open(page, '/?preset=ath9k-pacing-shift&speed=max');
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.nowNs() > 600e6);
  await page.evaluate(() => window.__tsq!.setParam('tcp.sk_pacing_shift', 8));
  const [change] = await page.evaluate(() => window.__tsq!.script().changes);
  expect(change).toMatchObject({ key: 'tcp.sk_pacing_shift', value: 8 });
  expect(change.atUs).toBeGreaterThan(600e3);
  await page.waitForFunction((us) => window.__tsq!.nowNs() > us * 1000 + 400e6, change.atUs);
  const endNs = await settle(page);
  const summaryA = JSON.stringify(await page.evaluate(() => window.__tsq!.summary()));

  // The address bar holds the start values and the change at its microsecond.
  const at = `${change.atUs / 1e6}s:tcp.sk_pacing_shift=8`;
  await expect.poll(() => new URL(page.url()).searchParams.getAll('at')).toEqual([at]);
  const link = page.url();
  expect(new URL(link).searchParams.get('v')).toBe('2');
  expect(new URL(link).searchParams.has('tcp.sk_pacing_shift')).toBe(false);

  const ctx2 = await browser.newContext();
  const page2 = await ctx2.newPage();
  const errors2 = collectErrors(page2);
  await open(page2, link);
  await expect(page2.getByTestId('share-notice')).toHaveCount(0);
  expect(await page2.evaluate(() => window.__tsq!.values()['tcp.sk_pacing_shift'])).toBe(10);
  await page2.evaluate((ns) => window.__tsq!.step(ns), endNs);
  await page2.waitForFunction((ns) => window.__tsq!.nowNs() === ns, endNs);
  expect(JSON.stringify(await page2.evaluate(() => window.__tsq!.summary()))).toBe(summaryA);
  // The change is on the time axis and its knob moved with the run.
  expect(await page2.evaluate(() => window.__tsq!.changes().map((c) => [c.tNs, c.to]))).toEqual([
    [change.atUs * 1000, 8],
  ]);
  await expect(page2.locator('[data-param="tcp.sk_pacing_shift"] .param-value')).toHaveText('8');
  // Reset replays it too: the same run from t = 0.
  await page2.getByTestId('reset').click();
  await page2.waitForFunction(() => window.__tsq!.nowNs() === 0 && window.__tsq!.ready());
  await page2.evaluate((ns) => window.__tsq!.step(ns), endNs);
  await page2.waitForFunction((ns) => window.__tsq!.nowNs() === ns, endNs);
  expect(JSON.stringify(await page2.evaluate(() => window.__tsq!.summary()))).toBe(summaryA);
  expect(errors).toEqual([]);
  expect(errors2).toEqual([]);
  await ctx2.close();
});

test('a bad change in a link is named and dropped; the rest of the run applies', async ({ page }) => {
  await open(
    page,
    '/?v=2&preset=ath9k-pacing-shift&at=1s:tcp.sk_pacing_shift=99&at=2s:tcp.sk_pacing_shift=7',
  );
  const notice = page.getByTestId('share-notice');
  await expect(notice).toContainText('at = 1s:tcp.sk_pacing_shift=99');
  await expect(notice).toContainText('expected an integer from 0 to 20');
  expect(await page.evaluate(() => window.__tsq!.script().changes)).toEqual([
    { atUs: 2e6, key: 'tcp.sk_pacing_shift', value: 7 },
  ]);
});
