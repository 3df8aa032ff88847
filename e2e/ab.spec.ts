/**
 * A/B mode end to end: sk_pacing_shift 10 vs 8 on the ath9k preset, one
 * seed, two timelines whose clocks advance together and whose canvases draw,
 * and a difference strip with both sides' numbers; on the AP preset (three
 * stations, no single flow) the strip charts total goodput too. Waits on
 * window.__tsqAb and visible state, never on fixed sleeps.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { TsqAbHook } from '../src/app/ab/ab-hook-types';

declare const window: Window & { __tsq?: TsqTestHook; __tsqAb?: TsqAbHook };

/** Pixels with any ink over the data canvases under `root`. */
function ink(root: Locator): Promise<number> {
  return root.evaluate((el) => {
    let n = 0;
    for (const c of Array.from(el.querySelectorAll<HTMLCanvasElement>('canvas.layer-data'))) {
      const ctx = c.getContext('2d');
      if (!ctx || !c.width || !c.height) continue;
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
    }
    return n;
  });
}

const clocks = (page: Page) => page.evaluate(() => window.__tsqAb!.nowNs());

/** Pixels with any ink on the difference strip's canvas. */
const stripInk = (page: Page): Promise<number> =>
  page.getByTestId('ab-diff-canvas').evaluate((c: HTMLCanvasElement) => {
    const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
    return n;
  });

test('A/B of sk_pacing_shift 10 vs 8 runs two synchronized timelines', async ({ page }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?preset=ath9k-pacing-shift');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.getByTestId('view-ab').click();
  // Before a start, the page says what starting does instead of showing nothing.
  await expect(page.getByTestId('ab-empty')).toContainText('same seed');
  await page.getByTestId('ab-param').selectOption('tcp.sk_pacing_shift');
  await page.getByTestId('ab-value-a').fill('10');
  await page.getByTestId('ab-value-b').fill('8');
  await page.getByTestId('ab-start').click();
  await expect(page.getByTestId('ab-empty')).toHaveCount(0);

  await page.waitForFunction(
    () => window.__tsqAb?.phase() === 'running' && window.__tsqAb.sharedNowNs() > 2e8,
  );
  const [a0, b0] = await clocks(page);
  // Both clocks keep advancing.
  await page.waitForFunction(
    ([a, b]) => {
      const [x, y] = window.__tsqAb!.nowNs();
      return x > a + 2e8 && y > b + 2e8;
    },
    [a0, b0],
  );
  for (const side of ['a', 'b']) {
    await expect(page.getByTestId(`ab-clock-${side}`)).not.toHaveText('0.0 ms');
    await expect(page.getByTestId(`ab-side-${side}`).locator('.ab-side-head h3')).toContainText(
      `sk_pacing_shift) = ${side === 'a' ? 10 : 8}`,
    );
    const root = page.getByTestId(`ab-side-${side}`);
    await expect(root.locator('[data-testid="track-occupancy"]')).toBeVisible();
    await expect.poll(() => ink(root), { message: `side ${side} draws` }).toBeGreaterThan(500);
  }

  // The difference strip fills with both sides' numbers, and the TSQ limits differ (shift 8 allows more).
  const diff = page.getByTestId('ab-diff');
  const tsqRow = diff.locator('tr', { hasText: 'TSQ limit' }).locator('td');
  await expect(tsqRow.nth(0)).not.toHaveText('–');
  await expect(tsqRow.nth(2)).toHaveText(/^\+/);
  await expect.poll(() => stripInk(page)).toBeGreaterThan(200);

  // Paused, both sides stop at the same simulated time.
  await page.getByTestId('ab-pause').click();
  await page.waitForFunction(() => window.__tsqAb!.phase() === 'paused');
  await expect
    .poll(async () => {
      const [x, y] = await clocks(page);
      return x === y;
    })
    .toBe(true);
  const [a1] = await clocks(page);
  await page.getByTestId('ab-pause').click();
  await page.waitForFunction((a) => window.__tsqAb!.nowNs()[0] > a, a1);
  expect(errors).toEqual([]);
});

test('A/B on an AP with several stations: the strip charts both sides’ total goodput', async ({ page }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?preset=ath9k-intermediate-queues');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.getByTestId('view-ab').click();
  await page.getByTestId('ab-param').selectOption('wifi.queueing');
  await page.getByTestId('ab-value-a').selectOption('legacy');
  await page.getByTestId('ab-value-b').selectOption('itxq');
  await page.getByTestId('ab-start').click();
  await page.waitForFunction(
    () => window.__tsqAb?.phase() === 'running' && window.__tsqAb.sharedNowNs() > 1e9,
  );
  await expect.poll(() => stripInk(page)).toBeGreaterThan(200);
  await expect(page.getByTestId('ab-diff')).not.toContainText('0 – 1 bit/s');
  // Each side shows where each station's frames wait, by default.
  for (const side of ['a', 'b'])
    await expect(
      page.getByTestId(`ab-side-${side}`).getByTestId('track-stations').locator('.legend-item'),
    ).toHaveText(['fast 1', 'fast 2', 'slow']);
  // The table says whose the TSQ numbers are: the wired host's, not the AP's.
  await expect(page.getByTestId('ab-diff').locator('th[scope="row"]')).toContainText([
    'Goodput',
    'Median latency, all stations',
    'Median aggregate, all stations',
    'Mean TSQ limit, wired sender',
  ]);
  expect(errors).toEqual([]);
});

/** Each panel's y domains on side `side`, as its chart last drew them. */
const domains = (page: Page, side: 'a' | 'b') =>
  page.getByTestId(`ab-side-${side}`).evaluate((root) => {
    const out: Record<string, string> = {};
    for (const t of Array.from(root.querySelectorAll<HTMLElement>('[data-panel]'))) {
      const d = t.querySelector<HTMLElement>('.plot')?.dataset.yDomains;
      if (d) out[t.dataset.panel!] = d;
    }
    return out;
  });

test('A/B shares every y scale between its sides, varies several parameters, and lives in the link', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?preset=ath9k-pacing-shift');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.getByTestId('view-ab').click();
  await page.getByTestId('ab-param').selectOption('tcp.sk_pacing_shift');
  await page.getByTestId('ab-value-a').fill('10');
  await page.getByTestId('ab-value-b').fill('7');
  await page.getByTestId('ab-add').click();
  await page.getByTestId('ab-param-1').selectOption('tcp.tcp_limit_output_bytes');
  await page.getByTestId('ab-value-a-1').fill('256K');
  await page.getByTestId('ab-value-b-1').fill('1M');
  await page.getByTestId('ab-speed').selectOption('max');
  await page.getByTestId('ab-start').click();
  await page.waitForFunction(
    () => window.__tsqAb?.phase() === 'running' && window.__tsqAb.sharedNowNs() > 1.5e9,
  );
  await page.getByTestId('ab-pause').click();
  await page.waitForFunction(() => window.__tsqAb!.phase() === 'paused');
  await expect(page.getByTestId('ab-shared-scales')).toContainText('share every chart’s y scale');
  await expect(page.getByTestId('ab-side-b').locator('.ab-side-head h3')).toContainText('= 7');
  await expect(page.getByTestId('ab-side-b').locator('.ab-side-head h3')).toContainText('= 1M');
  // Equal y domains on every chart both sides show (B's deeper queues set both scales).
  await expect
    .poll(async () => {
      const [a, b] = [await domains(page, 'a'), await domains(page, 'b')];
      const shared = Object.keys(a).filter((k) => k in b);
      return shared.length >= 4 && shared.every((k) => a[k] === b[k]);
    })
    .toBe(true);
  // The difference strip's scale has its unit.
  await expect(page.getByTestId('ab-diff-canvas')).toHaveAttribute('aria-label', /Goodput of A and B/);

  // The link holds both sides; opened elsewhere, it starts the same comparison.
  const q = new URL(page.url()).searchParams;
  expect(q.get('view')).toBe('ab');
  expect(q.get('v')).toBe('2');
  expect([q.get('a.tcp.sk_pacing_shift'), q.get('b.tcp.sk_pacing_shift')]).toEqual(['10', '7']);
  expect([q.get('a.tcp.tcp_limit_output_bytes'), q.get('b.tcp.tcp_limit_output_bytes')]).toEqual([
    '256K',
    '1M',
  ]);
  const ctx2 = await browser.newContext();
  const page2 = await ctx2.newPage();
  await page2.goto(page.url());
  await page2.waitForFunction(() => window.__tsqAb?.phase() === 'running');
  await expect(page2.getByTestId('ab-side-a').locator('.ab-side-head h3')).toHaveText(
    (await page.getByTestId('ab-side-a').locator('.ab-side-head h3').textContent())!,
  );
  await expect(page2.getByTestId('ab-side-b').locator('.ab-side-head h3')).toHaveText(
    (await page.getByTestId('ab-side-b').locator('.ab-side-head h3').textContent())!,
  );
  await ctx2.close();
  expect(errors).toEqual([]);
});
