/**
 * The explorer's `ss` and `tc` tables: once a run is measured, one row per
 * TCP flow (goodput, srtt, min_rtt, cwnd, pacing and delivery rate, skmem t,
 * retransmissions, lost, D-SACKs, reordering)
 * and one per qdisc (backlog), showing the numbers of the core's summary.
 */
import { test, expect } from '@playwright/test';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

test('the flow and qdisc tables show the summary’s per-flow medians', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  expect(await page.evaluate(() => window.__tsq!.loadPreset('fec-tso-rtt-log'))).toBe(true);
  await page.getByTestId('speed').selectOption('4');
  await page.evaluate(() => window.__tsq!.play());
  // Past the 2 s warm-up, so the medians are measured.
  await page.waitForFunction(() => window.__tsq!.nowNs() >= 3e9, null, { timeout: 60_000 });
  await page.evaluate(() => window.__tsq!.pause());
  await expect
    .poll(
      async () =>
        page.evaluate(async () => Number.isFinite((await window.__tsq!.summary())?.flows[0]?.srttMs.median)),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  const flow = await page.evaluate(async () => (await window.__tsq!.summary())!.flows[0]);
  const rows = page.getByTestId('flow-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const cells = await rows.first().locator('td').allTextContents();
  // goodput, srtt, min_rtt, cwnd, pacing rate, delivery rate, skmem t, retrans, lost, dsacks, reordering
  expect(cells).toHaveLength(11);
  // srtt: "median ms (p10–p90)"
  expect(Number.parseFloat(cells[1])).toBeCloseTo(flow.srttMs.median, 1);
  expect(cells[1]).toMatch(/ms \(/);
  expect(Number.parseFloat(cells[3])).toBe(flow.cwndPkts.median);
  // As ss's retrans, lost and reordering, and netstat's D-SACKs.
  expect(cells.slice(7, 10)).toEqual([String(flow.totalRetrans), String(flow.lost), String(flow.dsacks)]);
  expect(cells[10]).toBe(`${flow.reordering} (seen ${flow.reordSeen})`);
  const qdiscs = page.getByTestId('qdisc-table').locator('tbody th');
  await expect(qdiscs).toContainText(['sender: pfifo_fast']);
  expect(errors).toEqual([]);
});

test('rrul: each flow’s direction beside its number, and the router’s download queue', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  expect(await page.evaluate(() => window.__tsq!.loadPreset('rrul-htb-fq-codel'))).toBe(true);
  await page.getByTestId('speed').selectOption('4');
  await page.evaluate(() => window.__tsq!.play());
  // Past the 5 s warm-up, so the summary's flows are measured.
  await page.waitForFunction(() => window.__tsq!.nowNs() >= 6e9, null, { timeout: 80_000 });
  await page.evaluate(() => window.__tsq!.pause());
  const shares = await page.evaluate(async () => (await window.__tsq!.summary())!.flowShares);
  expect(shares.map((f) => f.direction)).toEqual(['up', 'up', 'up', 'up', 'down', 'down', 'down', 'down']);
  const heads = page.getByTestId('flow-table').locator('tbody th');
  await expect(heads).toHaveText([
    '0 ↑ upload',
    '1 ↑ upload',
    '2 ↑ upload',
    '3 ↑ upload',
    '4 ↓ download',
    '5 ↓ download',
    '6 ↓ download',
    '7 ↓ download',
  ]);
  await expect(page.getByTestId('qdisc-table').locator('tbody th')).toContainText([
    'router: htb → fq_codel',
    'router down: htb → fq_codel',
  ]);
  expect(errors).toEqual([]);
});
