/**
 * The firmware/hardware-aggregating WiFi presets in the app: the explorer
 * shows ath10k's firmware queue, its HTT completion latency and the radio's
 * A-MPDU bytes; the sweep view runs sk_pacing_shift 10…6 on mt76-ax-ap and
 * tcp_limit_output_bytes on ath10k-qca6174, with the radio's own metrics in
 * the table and the CSV. Waits on the window hooks, never on fixed sleeps.
 */
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

async function load(page: Page, id: string): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  expect(await page.evaluate((p) => window.__tsq!.loadPreset(p), id)).toBe(true);
}

test('ath10k-qca6174 in the explorer: firmware queue, HTT completion and A-MPDU bytes', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await load(page, 'ath10k-qca6174');
  await page.getByTestId('speed').selectOption('4');
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.nowNs() >= 2.5e9, undefined, { timeout: 80_000 });
  await page.evaluate(() => window.__tsq!.pause());
  const s = (await page.evaluate(() => window.__tsq!.summary()))!;
  expect(s.wifi?.driver).toBe('ath10k');
  expect(s.wifi!.medianAggregateBytes).toBeGreaterThan(10_000);
  expect(s.wifi!.medianDriverStatusUs).toBeGreaterThan(100);
  expect(s.wifi!.meanFirmwareBytes).toBeGreaterThan(0);
  await expect(page.getByTestId('stage-occ.firmware')).toBeVisible();
  await expect(page.getByTestId('packet-path-completion')).toContainText('HTT completion');
  await expect(page.getByTestId('track-aggregates')).toBeVisible();
  await expect(page.locator('.summary-details')).toContainText('Median firmware TX status');
  expect(errors).toEqual([]);
});

test("mt76-ax-ap in the explorer: MAC queues, TX-free latency and each station's airtime", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await load(page, 'mt76-ax-ap');
  await page.getByTestId('speed').selectOption('4');
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.nowNs() >= 2.5e9, undefined, { timeout: 80_000 });
  await page.evaluate(() => window.__tsq!.pause());
  const s = (await page.evaluate(() => window.__tsq!.summary()))!;
  expect(s.wifi?.driver).toBe('mt76');
  expect(s.stations.map((st) => st.name)).toEqual(['near 1', 'near 2', 'far']);
  const air = s.stations.map((st) => st.airtimeShare);
  for (const a of air) expect(a).toBeGreaterThan(0);
  expect(air.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1.0001);
  await expect(page.getByTestId('stage-occ.firmware')).toContainText('MAC queues');
  await expect(page.getByTestId('packet-path-completion')).toContainText('TX-free latency');
  await expect(page.locator('table.stations tbody tr')).toHaveCount(3);
  expect(errors).toEqual([]);
});

async function sweep(page: Page, key: string, values: string, rows: number): Promise<string[]> {
  await page.getByTestId('view-sweep').click();
  await page.getByTestId('sweep-param').selectOption(key);
  await page.getByTestId('sweep-values').fill(values);
  await page.getByTestId('duration').selectOption('500');
  await page.getByTestId('run-sweep').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-status', 'done', {
    timeout: 80_000,
  });
  await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(rows);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  return Buffer.concat(csv).toString('utf8').trim().split('\n');
}

test('mt76-ax-ap: the sweep view runs sk_pacing_shift 10, 9, 8, 7, 6 with the radio metrics', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await load(page, 'mt76-ax-ap');
  const lines = await sweep(page, 'tcp.sk_pacing_shift', '10, 9, 8, 7, 6', 5);
  const head = lines[0].split(',');
  for (const k of ['tsq_limit_bytes', 'median_aggregate_bytes', 'driver_status_us', 'firmware_queue_bytes'])
    expect(head).toContain(k);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['10', '9', '8', '7', '6']);
  const col = head.indexOf('median_aggregate_bytes');
  for (const l of lines.slice(1)) expect(Number(l.split(',')[col])).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('ath10k-qca6174: the sweep view runs tcp_limit_output_bytes', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await load(page, 'ath10k-qca6174');
  const lines = await sweep(page, 'tcp.tcp_limit_output_bytes', '128K, 1M', 2);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['131072', '1048576']);
  expect(lines[0].split(',')).toContain('driver_status_us');
  expect(errors).toEqual([]);
});
