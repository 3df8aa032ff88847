/**
 * Flent interop in the explorer: a real Flent measurement (rtt_fair_up, four
 * hosts) loaded with "Load measurement…" (or dropped on the page) is drawn on the latency panel beside
 * the simulated pings, with its medians in the summary; a damaged file is
 * refused with a message while the run goes on; Export → Flent data file
 * writes a file the reader takes back; the compare page draws box and CDF
 * plots of both runs.
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { TsqFlentHook } from '../src/app/flent/flent-hook';

declare const window: Window & { __tsq?: TsqTestHook; __tsqFlent?: TsqFlentHook };

const FILE = 'test/fixtures/flent/test-rtt-fair.flent.gz';
const LABEL = 'measured (Flent, testserv-01, 2015-07-13)';

async function openRun(page: Page): Promise<void> {
  await page.goto('/?preset=ath9k-pacing-shift');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.nowNs() > 2.5e9);
}

test('a real Flent run is drawn on the latency panel with its median in the summary', async ({ page }) => {
  const errors = collectErrors(page);
  await openRun(page);
  await page.getByTestId('measurement-file').setInputFiles(FILE);
  await page.waitForFunction(() => window.__tsqFlent?.measured() !== null);
  const m = await page.evaluate(() => window.__tsqFlent!.measured()!);
  expect(m.label).toBe(LABEL);
  expect(m.test).toBe('rtt_fair_up');
  const ping = m.lines.find((l) => l.series === 'Ping (ms) ICMP1 testserv-01' && l.panel === 'latency')!;
  expect(ping).toBeDefined();
  // Drawn: the measured pings within the visible window are on the latency canvas.
  await page.waitForFunction((key) => (window.__tsqFlent!.drawn()[key] ?? 0) > 3, ping.key);
  const latency = page.getByTestId('track-latency');
  // The four hosts' pings share one legend entry.
  await expect(latency.locator('.legend')).toContainText(
    `4 pings: Ping (ms) ICMP1 testserv-01 … Ping (ms) ICMP4 testserv-04 — ${LABEL}`,
  );
  // Its median, as Flent's summary prints it (9.74 ms), beside the simulated run's.
  const row = page.getByTestId('measured-medians').locator('tr', { hasText: 'Ping (ms) ICMP1 testserv-01' });
  await expect(row.locator('td').first()).toHaveText('9.74 ms');
  await expect(row.locator('td').nth(1)).toHaveText(/\d+(\.\d+)? ms/);
  const medians = await page.evaluate(() => window.__tsqFlent!.medians());
  expect(medians.find((r) => r.series === 'Ping (ms) ICMP1 testserv-01')!.measured).toBeCloseTo(9.742, 2);
  await expect(page.getByTestId('measured-panel')).toContainText(LABEL);
  // The throughput panel has the hosts' flows too.
  await expect(page.getByTestId('track-throughput').locator('.legend')).toContainText(
    'TCP upload BE1 testserv-01',
  );
  expect(errors).toEqual([]);
});

test('a Flent file dropped on the page is laid over the run, and the scenario loader leaves it alone', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openRun(page);
  const dt = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const d = new DataTransfer();
    d.items.add(new File([bytes], 'dropped.flent.gz', { type: 'application/gzip' }));
    return d;
  }, readFileSync(FILE).toString('base64'));
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: dt });
  await expect(page.locator('.drop-overlay')).toBeVisible();
  await page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  await expect(page.locator('.drop-overlay')).toHaveCount(0);
  await page.waitForFunction(() => window.__tsqFlent?.measured() !== null);
  expect((await page.evaluate(() => window.__tsqFlent!.measured()!)).label).toBe(LABEL);
  // The scenario loader said nothing, and the preset is the one that was running.
  await expect(page.getByTestId('share-notice')).toHaveCount(0);
  expect(await page.evaluate(() => window.__tsq!.presetId())).toBe('ath9k-pacing-shift');
  expect(errors).toEqual([]);
});

test('a four-flow file (rrul) folds its flows into one legend entry per kind', async ({ page }) => {
  const errors = collectErrors(page);
  await openRun(page);
  const entries = (panel: string) => page.getByTestId(`track-${panel}`).locator('.legend li').count();
  const before = { throughput: await entries('throughput'), tcp: await entries('tcp') };
  // rrul: four flows up and four down, their cwnd and RTT, four pings.
  await page.getByTestId('measurement-file').setInputFiles('test/fixtures/flent/test-rrul.flent.gz');
  await page.waitForFunction(() => window.__tsqFlent?.measured()?.test === 'rrul_be');
  const lines = (await page.evaluate(() => window.__tsqFlent!.measured()!)).lines;
  expect(lines.filter((l) => l.panel === 'throughput').length).toBeGreaterThan(8);
  // Flows up, flows down, each direction's sum.
  expect((await entries('throughput')) - before.throughput).toBe(4);
  // cwnd and RTT of the upload flows.
  expect((await entries('tcp')) - before.tcp).toBe(2);
  await expect(page.getByTestId('track-throughput').locator('.legend')).toContainText(
    '4 flows: TCP upload BE … TCP upload BE4',
  );
  expect(errors).toEqual([]);
});

test('the medians of a 50-flow file beside one simulated flow: flows by number, the sum beside the simulated total, no flow’s cwnd beside the simulated one', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openRun(page);
  await page.getByTestId('measurement-file').setInputFiles('test/fixtures/flent/test-tcp_nup.flent.gz');
  await page.waitForFunction(() => window.__tsqFlent?.measured()?.test === 'tcp_nup');
  const table = page.getByTestId('measured-medians');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const names = await table.locator('tbody th').allTextContents();
  const flows = names.filter((n) => /^TCP upload::\d+$/.test(n));
  expect(flows.slice(0, 11)).toEqual(Array.from({ length: 11 }, (_, i) => `TCP upload::${i + 1}`));
  // No flow of the file has the simulated flow's cwnd beside it; the sums stand side by side.
  const cwnd = table.locator('tbody tr', { hasText: 'TCP upload::1::tcp_cwnd' });
  await expect(cwnd.locator('td').nth(1)).toHaveText('–');
  await expect(table.getByTestId('measured-unpaired')).toContainText('the file 50');
  const sum = table.locator('tbody tr', { hasText: 'TCP upload sum' });
  await expect(sum.locator('td').nth(1)).toHaveText(/\d+(\.\d+)? [kMG]?bit\/s/);
  const rows = await page.evaluate(() => window.__tsqFlent!.medians());
  expect(rows.filter((r) => r.series.endsWith('::tcp_cwnd') && Number.isFinite(r.simulated))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a damaged file is refused with a message naming what is wrong; the run goes on', async ({ page }) => {
  await openRun(page);
  const good = readFileSync(FILE);
  await page.getByTestId('measurement-file').setInputFiles({
    name: 'broken.flent.gz',
    mimeType: 'application/gzip',
    buffer: good.subarray(0, 2000),
  });
  await expect(page.getByTestId('measured-error')).toContainText('broken.flent.gz');
  await expect(page.getByTestId('measured-error')).toContainText(/truncated|gzip/);
  const t0 = await page.evaluate(() => window.__tsq!.nowNs());
  await page.waitForFunction((t) => window.__tsq!.nowNs() > t + 2e8, t0);
  expect(await page.evaluate(() => window.__tsq!.running())).toBe(true);
});

test('Export → Flent data file writes a Flent file; the compare page plots both runs', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?preset=bench-wired&durationMs=3000&warmupMs=1000');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.getByTestId('export-menu').click();
  const [dl] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByTestId('export-flent').click(),
  ]);
  expect(dl.suggestedFilename()).toBe('tsq-lab-bench-wired-tcp_1up.flent.gz');
  const json = JSON.parse(gunzipSync(readFileSync(await dl.path())).toString('utf8'));
  expect(json.version).toBe(4);
  expect(json.metadata.NAME).toBe('tcp_1up');
  expect(Object.keys(json.results)).toContain('Ping (ms) ICMP');
  expect(json.raw_values['TCP upload'].filter((p: { val?: number }) => 'val' in p)).toHaveLength(10);

  await page
    .getByTestId('measurement-file')
    .setInputFiles('test/fixtures/flent/test-tcp_1up_noping-cpu_stats.flent.gz');
  await page.waitForFunction(() => window.__tsqFlent?.measured() !== null);
  await page.getByTestId('view-compare').click();
  await page.getByTestId('compare-simulate').click();
  await expect(page.getByTestId('compare-card').first()).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('compare-card').first()).toContainText('TCP upload');
  expect(await page.getByTestId('compare-card').first().locator('svg path').count()).toBeGreaterThan(2);
});
