/**
 * Takes the README screenshots (needs a build for tests,
 * `VITE_TSQ_TEST_FAULTS=1 npx vite build`, for window.__tsq, and a running
 * `npm run preview`, or TSQ_URL): the explorer on the ath9k preset after
 * sk_pacing_shift 10 → 8, wide and on a phone; an A/B comparison on shared
 * y scales; a two-parameter sweep as a heatmap; and an exported figure
 * (the SVG itself, rendered). The Learn view's screenshots are taken by
 * scripts/screenshots-learn.ts.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const url = process.env.TSQ_URL ?? 'http://127.0.0.1:4173/';
type Hook = {
  ready(): boolean;
  nowNs(): number;
  play(): void;
  pause(): void;
  setParam(k: string, v: number): Promise<unknown>;
};

async function runShift(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __tsq?: Hook }).__tsq?.ready() === true);
  await page.evaluate(() => (window as unknown as { __tsq: Hook }).__tsq.play());
  await page.waitForFunction(() => (window as unknown as { __tsq: Hook }).__tsq.nowNs() > 4e9, null, {
    timeout: 60_000,
  });
  await page.evaluate(() => (window as unknown as { __tsq: Hook }).__tsq.setParam('tcp.sk_pacing_shift', 8));
  await page.waitForFunction(() => (window as unknown as { __tsq: Hook }).__tsq.nowNs() > 7e9, null, {
    timeout: 60_000,
  });
  await page.evaluate(() => (window as unknown as { __tsq: Hook }).__tsq.pause());
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const at = (q: string) => new URL(q, url).toString();

// The explorer, wide and on a phone (the phone's first screen: a chart under the knob in hand).
for (const [name, width, height] of [
  ['explorer-wide', 1440, 1300],
  ['explorer-phone', 390, 844],
] as const) {
  const page = await browser.newPage({ viewport: { width, height } });
  // Not a first visit: the explorer alone, without the offer of the first lesson.
  await page.addInitScript(() => localStorage.setItem('tsq-lab:first-visit-done', '1'));
  await page.goto(at('?preset=ath9k-pacing-shift&speed=4'));
  await runShift(page);
  await page.screenshot({ path: `docs/${name}.png`, fullPage: name === 'explorer-wide' });
  if (name === 'explorer-wide') {
    // The figure of the whole run, as exported (vector SVG), rendered for the README.
    await page.getByTestId('export-menu').click();
    for (const p of ['aggregates', 'latency', 'tcp', 'cpu'])
      await page
        .getByTestId(`figure-panel-${p}`)
        .uncheck()
        .catch(() => {});
    await page.getByTestId('figure-range').selectOption('run');
    const [dl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-figure-svg').click(),
    ]);
    const svg = readFileSync((await dl.path())!, 'utf8').replace(/^<\?xml[^>]*>\n/, '');
    const fig = await browser.newPage({ viewport: { width: 960, height: 800 } });
    await fig.setContent(`<body style="margin:0">${svg}</body>`);
    await fig.locator('svg').first().screenshot({ path: 'docs/figure-export.png' });
    await fig.close();
  }
  await page.close();
}

// A/B: shift 10 vs 7, and the TSQ cap 256K vs 1M, on one clock and shared y scales.
{
  const page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
  await page.goto(
    at('?v=2&view=ab&preset=ath9k-pacing-shift&speed=4&a.tcp.sk_pacing_shift=10&b.tcp.sk_pacing_shift=7'),
  );
  await page.waitForFunction(
    () =>
      ((window as unknown as { __tsqAb?: { sharedNowNs(): number } }).__tsqAb?.sharedNowNs?.() ?? 0) > 5e9,
    null,
    { timeout: 90_000 },
  );
  await page.getByTestId('ab-pause').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'docs/ab-shared-scales.png' });
  await page.close();
}

// A two-parameter sweep with two seeds per point, drawn as a heatmap.
{
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(at('?preset=ath9k-pacing-shift&view=sweep'));
  await page.waitForFunction(() => (window as unknown as { __tsq?: Hook }).__tsq?.ready() === true);
  await page.getByTestId('sweep-param').selectOption('tcp.sk_pacing_shift');
  await page.getByTestId('sweep-values').fill('10, 9, 8, 7');
  await page.getByTestId('sweep-y-param').selectOption('tcp.tcp_limit_output_bytes');
  await page.getByTestId('sweep-y-values').fill('64K, 256K, 1M');
  await page.getByTestId('sweep-seeds').fill('2');
  await page.getByTestId('duration').selectOption('2000');
  await page.getByTestId('run-sweep').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sweep-progress"]')?.getAttribute('data-status') === 'done',
    null,
    { timeout: 300_000 },
  );
  await page.getByTestId('sweep-results').screenshot({ path: 'docs/sweep-heatmap.png' });
  await page.close();
}
await browser.close();
