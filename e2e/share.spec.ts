/**
 * Share links end to end: three parameters and the seed changed in the UI,
 * the link copied, opened in a fresh browser context, and both runs compared
 * at the same simulated time (the core is deterministic per seed; wall-clock
 * pacing is not, so both pages step a fixed simulated span while paused).
 */
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { Summary } from '../src/worker/protocol';
import { formatBps, formatCpuBusy, formatValue } from '../src/app/format';

declare const window: Window & { __tsq?: TsqTestHook };

const PRESET = 'ath9k-pacing-shift';
const STEP_NS = 400e6;

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => window.__tsq?.ready() === true);
}

const values = (page: Page) => page.evaluate(() => window.__tsq!.values());

/** Restarts at t = 0 (paused), runs exactly STEP_NS, and returns the core's summary. */
async function runFixedSpan(page: Page) {
  await page.evaluate(() => window.__tsq!.pause());
  await expect(page.getByTestId('play')).toHaveText('Play');
  const frames = await page.evaluate(() => window.__tsq!.frames());
  await page.getByTestId('reset').click();
  await page.waitForFunction(
    (n) => window.__tsq!.ready() && window.__tsq!.frames() > n && window.__tsq!.nowNs() === 0,
    frames,
  );
  await page.evaluate((ns) => window.__tsq!.step(ns), STEP_NS);
  await page.waitForFunction((ns) => window.__tsq!.nowNs() >= ns, STEP_NS);
  return (await page.evaluate(() => window.__tsq!.summary()))!;
}

/** Waits until the summary strip shows `s` (it polls twice a second), then returns its numbers as shown. */
async function visibleSummary(page: Page, s: Summary): Promise<string[]> {
  const dd = (k: string) => page.getByTestId(`summary-${k}`).locator('dd');
  await expect(dd('goodput')).toHaveText(formatBps(s.goodputBps));
  await expect(dd('tsq')).toHaveText(formatValue(s.tsqLimitBytes, 'bytes'));
  await expect(dd('cpu')).toHaveText(formatCpuBusy(s.cpuBusy));
  return page.locator('.summary dd').allTextContents();
}

test('a copied link reopens the same parameters and seed, and the same summary at equal simulated time', async ({
  page,
  context,
  browser,
}) => {
  const errors = collectErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, `/?preset=${PRESET}`);
  expect(await page.evaluate(() => window.__tsq!.presetId())).toBe(PRESET);
  await page.evaluate(() => window.__tsq!.play());

  // 1: a live slider, by keyboard (10 → 8).
  const slider = page.getByTestId('slider-tcp.sk_pacing_shift');
  await slider.focus();
  await slider.press('ArrowLeft');
  await slider.press('ArrowLeft');
  await page.waitForFunction(() => window.__tsq!.overrides()['tcp.sk_pacing_shift'] === 8);
  // 2: a number field.
  const limit = page.locator('[data-param="tcp.tcp_limit_output_bytes"] input.num-field');
  await limit.fill('512K');
  await limit.press('Enter');
  await page.waitForFunction(() => window.__tsq!.overrides()['tcp.tcp_limit_output_bytes'] === 524288);
  // 3: a knob that restarts the run.
  await page.locator('[data-param="tcp.cc"] select').selectOption('bbr');
  await page.waitForFunction(() => window.__tsq!.overrides()['tcp.cc'] === 'bbr');
  // And the seed.
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('seed').press('Enter');
  await page.waitForFunction(() => window.__tsq!.seed() === 7 && window.__tsq!.ready());

  await page.getByTestId('copy-link').click();
  const field = page.getByTestId('share-link');
  await expect(field).toBeVisible();
  const link = await field.inputValue();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const q = new URL(link).searchParams;
  expect(q.get('v')).toBe('1');
  expect(q.get('preset')).toBe(PRESET);
  expect(q.get('seed')).toBe('7');
  expect(q.get('tcp.sk_pacing_shift')).toBe('8');
  expect(q.get('tcp.tcp_limit_output_bytes')).toBe('512K');
  expect(q.get('tcp.cc')).toBe('bbr');
  const mine = await values(page);
  const summaryA = await runFixedSpan(page);
  const stripA = await visibleSummary(page, summaryA);

  // A fresh context: no shared storage, a new worker.
  const ctx2 = await browser.newContext();
  const page2 = await ctx2.newPage();
  const errors2 = collectErrors(page2);
  await open(page2, link);
  await expect(page2.getByTestId('share-notice')).toHaveCount(0);
  const theirs = await values(page2);
  for (const k of ['tcp.sk_pacing_shift', 'tcp.tcp_limit_output_bytes', 'tcp.cc'])
    expect(theirs[k]).toEqual(mine[k]);
  expect(theirs).toEqual(mine);
  expect(await page2.evaluate(() => window.__tsq!.seed())).toBe(7);
  await expect(page2.locator('[data-param="tcp.tcp_limit_output_bytes"] input.num-field')).toHaveValue(
    '512K',
  );
  await expect(page2.locator('[data-param="tcp.cc"] select')).toHaveValue('bbr');
  const summaryB = await runFixedSpan(page2);
  expect(summaryB.simulatedNs).toBe(summaryA.simulatedNs);
  expect(summaryB).toEqual(summaryA);
  expect(await visibleSummary(page2, summaryB)).toEqual(stripA);
  expect(summaryA.events).toBeGreaterThan(1000);
  expect(errors).toEqual([]);
  expect(errors2).toEqual([]);
  await ctx2.close();
});

test('invalid and unknown values in a link are dropped with a notice naming them; the rest applies', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await open(
    page,
    `/?v=1&preset=${PRESET}&tcp.sk_pacing_shift=99&tcp.cc=bbr&bogus.knob=1&speed=warp&panels=occupancy,nope&zoom=500ms`,
  );
  const notice = page.getByTestId('share-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    'tcp.sk_pacing_shift = 99 is not allowed: expected an integer from 0 to 20',
  );
  await expect(notice).toContainText('bogus.knob is not a field of this scenario');
  await expect(notice).toContainText('speed = warp');
  await expect(notice).toContainText('unknown panel nope');
  const v = await values(page);
  expect(v['tcp.cc']).toBe('bbr');
  expect(v['tcp.sk_pacing_shift']).toBe(10);
  // The valid parts of the view apply too: one panel, a 500 ms window.
  await expect(page.locator('[data-testid^="track-"]')).toHaveCount(1);
  await expect(page.getByTestId('track-occupancy')).toBeVisible();
  const w = await page.evaluate(() => window.__tsq!.visibleWindow());
  expect(w.t1Ns - w.t0Ns).toBe(500e6);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an unknown preset in a link opens the first preset and says so', async ({ page }) => {
  await open(page, '/?v=1&preset=no-such-preset&seed=3');
  await expect(page.getByTestId('share-notice')).toContainText('preset = no-such-preset is not a preset');
  const presets = await page.evaluate(() => window.__tsq!.presets());
  expect(await page.evaluate(() => window.__tsq!.presetId())).toBe(presets[0].id);
  expect(await page.evaluate(() => window.__tsq!.seed())).toBe(3);
});

test('the address bar follows the view, so a reload keeps it', async ({ page }) => {
  await open(page, `/?preset=${PRESET}`);
  await page.locator('[data-param="tcp.cc"] select').selectOption('bbr');
  await expect.poll(() => new URL(page.url()).searchParams.get('tcp.cc')).toBe('bbr');
  expect(new URL(page.url()).searchParams.get('v')).toBe('1');
  await page.reload();
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  expect((await values(page))['tcp.cc']).toBe('bbr');
  // Back to the preset's value: the link lists only what differs.
  await page.locator('[data-param="tcp.cc"] select').selectOption('cubic');
  await expect.poll(() => new URL(page.url()).searchParams.has('tcp.cc')).toBe(false);
});

test('a link may set any scenario field the core accepts, as the reference-table cells do', async ({
  page,
}) => {
  // The bare-metal NIC cells of the Xen experiment: no netfront at all.
  await open(page, '/?v=1&preset=xen-tsq-limit&link.xen=null&tcp.tcp_limit_output_bytes=256K');
  await expect(page.getByTestId('share-notice')).toHaveCount(0);
  expect(await page.evaluate(() => window.__tsq!.overrides())).toEqual({
    'link.xen': 'null',
    'tcp.tcp_limit_output_bytes': 262144,
  });
  await expect.poll(() => new URL(page.url()).searchParams.get('link.xen')).toBe('null');
  expect(new URL(page.url()).searchParams.get('tcp.tcp_limit_output_bytes')).toBe('256K');
});
