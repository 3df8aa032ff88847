/**
 * The explorer on the reference presets: moving sk_pacing_shift from 10 to 8
 * while ath9k runs raises throughput and aggregate sizes and marks the change;
 * switching brcmfmac's FC mode fills (or empties) the firmware hanger.
 */
import { test, expect, type Page } from '@playwright/test';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

async function openPreset(page: Page, id: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  expect(await page.evaluate((p) => window.__tsq!.loadPreset(p), id)).toBe(true);
  await page.getByTestId('speed').selectOption('4');
  return errors;
}

/** Plays until the simulated clock passes `ns`. */
async function runUntil(page: Page, ns: number): Promise<void> {
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction((t) => window.__tsq!.nowNs() >= t, ns, { timeout: 60_000 });
}

const summary = (page: Page) => page.evaluate(() => window.__tsq!.summary());

test('ath9k: sk_pacing_shift 10 → 8 while running raises throughput and aggregates, with a change marker', async ({
  page,
}) => {
  const errors = await openPreset(page, 'ath9k-pacing-shift');
  await runUntil(page, 4e9);
  const before = (await summary(page))!;
  const slider = page.getByTestId('slider-tcp.sk_pacing_shift');
  await slider.focus();
  await slider.press('ArrowLeft');
  await slider.press('ArrowLeft');
  // Pause right after the change so that its marker stays in the visible window
  // however slowly this machine delivers the next frames.
  await page.evaluate(() => window.__tsq!.pause());
  await page.waitForFunction(() =>
    window.__tsq!.changes().some((c) => c.key === 'tcp.sk_pacing_shift' && Number(c.to) === 8),
  );
  await expect(page.getByTestId('change-marker').first()).toBeAttached();
  const changedAt = await page.evaluate(() => window.__tsq!.nowNs());
  await runUntil(page, changedAt + 4e9);
  const after = (await summary(page))!;
  expect(after.goodputBps).toBeGreaterThan(before.goodputBps * 1.3);
  expect(after.medianAggregate).toBeGreaterThan(before.medianAggregate);
  // The slider may pass through 9: the changes run from 10 to 8.
  const changes = (await page.evaluate(() => window.__tsq!.changes())).filter(
    (c) => c.key === 'tcp.sk_pacing_shift',
  );
  expect(Number(changes[0].from)).toBe(10);
  expect(Number(changes[changes.length - 1].to)).toBe(8);
  expect(errors).toEqual([]);
});

async function hangerBytes(page: Page): Promise<number> {
  const text = (await page.getByTestId('stage-occ.hanger').locator('output').textContent()) ?? '';
  const m = /([\d.]+)\s*([KMG]?)/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * ({ '': 1, K: 1024, M: 1 << 20, G: 1 << 30 }[m[2]] ?? 1);
}

test('brcmfmac: switching FC mode 0 → 1 makes the hanger hold skbs until TX status', async ({ page }) => {
  const errors = await openPreset(page, 'brcmfmac-fc-mode');
  await runUntil(page, 1.5e9);
  await page.evaluate(() => window.__tsq!.pause());
  expect(await hangerBytes(page)).toBe(0);
  await page.locator('[data-param="wifi.brcmfmac.fcMode"] select').selectOption('1');
  await page.waitForFunction(() => Number(window.__tsq!.values()['wifi.brcmfmac.fcMode']) === 1);
  const t = await page.evaluate(() => window.__tsq!.nowNs());
  await runUntil(page, t + 1.5e9);
  await expect.poll(() => hangerBytes(page), { timeout: 20_000 }).toBeGreaterThan(10_000);
  const changes = await page.evaluate(() => window.__tsq!.changes());
  expect(changes.some((c) => c.key === 'wifi.brcmfmac.fcMode')).toBe(true);
  expect(errors).toEqual([]);
});

test('an AP with a slow station: the stations table shows each station’s airtime share, the slow one largest', async ({
  page,
}) => {
  const errors = await openPreset(page, 'ath9k-intermediate-queues');
  // Past the 5 s warm-up, so the shares are measured.
  await runUntil(page, 7e9);
  await page.evaluate(() => window.__tsq!.pause());
  await expect
    .poll(async () => (await summary(page))?.stations.every((s) => Number.isFinite(s.airtimeShare)), {
      timeout: 20_000,
    })
    .toBe(true);
  const rows = page.locator('table.stations tbody tr');
  await expect(rows).toHaveCount(3);
  const shown = (await rows.locator('td:last-child').allTextContents()).map((t) => Number.parseFloat(t));
  expect(shown.every(Number.isFinite), shown.join(', ')).toBe(true);
  expect(Math.abs(shown.reduce((a, b) => a + b, 0) - 100)).toBeLessThan(2);
  expect(shown[2]).toBeGreaterThan(Math.max(shown[0], shown[1]));
  // The point charts and the per-station queues name the stations their colours stand for.
  // (The aggregates panel adds its bytes band under the points.)
  for (const panel of ['aggregates', 'latency', 'stations'])
    await expect(page.getByTestId(`track-${panel}`).locator('.legend-item')).toHaveText([
      'fast 1',
      'fast 2',
      'slow',
      ...(panel === 'aggregates' ? ['mean A-MPDU size (sending radio)'] : []),
    ]);
  // So do the TCP panel's lines, one per station's flow, and the headline medians say they pool the stations.
  await expect(page.getByTestId('track-tcp').locator('.legend-item')).toHaveText([
    'cwnd fast 1',
    'cwnd fast 2',
    'cwnd slow',
    'srtt fast 1',
    'srtt fast 2',
    'srtt slow',
  ]);
  await expect(page.getByTestId('summary-aggregate').locator('dt')).toHaveText(
    'Median aggregate, all stations',
  );
  expect(errors).toEqual([]);
});
