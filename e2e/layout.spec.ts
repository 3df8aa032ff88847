/**
 * Layout that reads: the TCP sender's bands in a lesson keep room for their
 * labels, presentation mode's axes keep a handful of ticks, the flow table
 * and a 2-D sweep's table fit their cards, a lesson on a phone scrolls with
 * the page (no inner scroller hiding the question), a chart stack on a phone
 * keeps no empty column, and glossary terms in the element are underlined
 * words, not buttons.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import { openStep, player } from './learn-helpers';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { TsqLearnHook } from '../src/app/learn/learn-hook-types';

declare const window: Window & { __tsq?: TsqTestHook; __tsqLearn?: TsqLearnHook };

/** Per y axis of `scope`: its tick labels' boxes, top to bottom. */
function tickBoxes(scope: Locator) {
  return scope.evaluateAll((axes) =>
    axes.map((a) =>
      Array.from(a.querySelectorAll('g.tick text'))
        .map((t) => t.getBoundingClientRect())
        .map((r) => ({ top: r.top, bottom: r.bottom }))
        .sort((x, y) => x.top - y.top),
    ),
  );
}

test('a lesson’s TCP sender panel keeps each band tall enough for its labels', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openStep(page, 'gso-cpu', 3);
  const tcp = player(page).locator('section.chart[data-panel=tcp]');
  await expect(tcp.locator('.y-axis g.axis').first()).toBeAttached();
  await expect
    .poll(async () => (await tickBoxes(tcp.locator('.y-axis g.axis'))).flat().length)
    .toBeGreaterThanOrEqual(6);
  const axes = await tickBoxes(tcp.locator('.y-axis g.axis'));
  const bands = axes.length;
  const plot = (await tcp.locator('.plot').boundingBox())!;
  expect(plot.height / bands, 'px per band').toBeGreaterThanOrEqual(55);
  // No two tick labels overlap, within an axis or across neighbouring bands.
  const all = axes.flat().sort((a, b) => a.top - b.top);
  for (let i = 1; i < all.length; i++) expect(all[i].top).toBeGreaterThanOrEqual(all[i - 1].bottom - 1);
  expect(errors).toEqual([]);
});

test('presentation mode: a tall plot keeps a handful of y ticks', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/?view=learn&lesson=tsq-budget&step=2&present=1');
  await expect(player(page).locator('.lesson.present')).toHaveCount(1);
  const axes = player(page).locator('.charts .y-axis g.axis');
  await expect.poll(async () => (await tickBoxes(axes)).flat().length).toBeGreaterThan(2);
  for (const ticks of await tickBoxes(axes)) expect(ticks.length).toBeLessThanOrEqual(8);
});

/** Whether the table fits the box it sits in (no sideways overflow or scrolling). */
function fits(table: Locator) {
  return table.evaluate((t) => {
    const box = t.parentElement!;
    const card = t.closest('section, aside')!.getBoundingClientRect();
    const r = t.getBoundingClientRect();
    return box.scrollWidth <= box.clientWidth + 1 && r.right <= card.right + 1 && r.left >= card.left - 1;
  });
}

test('the flow table fits its card', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?preset=gso-always-on&speed=max');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.play());
  const table = page.getByTestId('flow-table');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => fits(table)).toBe(true);
});

async function sweep2d(page: Page): Promise<Locator> {
  await page.goto('/?preset=ath9k-pacing-shift');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.getByTestId('view-sweep').click();
  await page.getByTestId('sweep-param').selectOption('tcp.sk_pacing_shift');
  await page.getByTestId('sweep-values').fill('10, 7');
  await page.getByTestId('sweep-y-param').selectOption('tcp.tcp_limit_output_bytes');
  await page.getByTestId('sweep-y-values').fill('128K, 1M');
  await page.getByTestId('duration').selectOption('500');
  await page.getByTestId('run-sweep').click();
  const table = page.getByTestId('sweep-table');
  await expect(table.locator('tbody tr')).toHaveCount(4, { timeout: 60_000 });
  return table;
}

test('a 2-D sweep’s table fits its card at laptop and phone widths; its rows still name each value', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 900 });
  const table = await sweep2d(page);
  await expect.poll(() => fits(table)).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => fits(table)).toBe(true);
  // As cards, each value keeps its column's name.
  const cell = table.locator('tbody tr').first().locator('td').first();
  expect(await cell.evaluate((c) => getComputedStyle(c, '::before').content)).toContain('Goodput');
});

test('on a phone the lesson scrolls with the page: the question’s options and the chart on screen together', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openStep(page, 'why-tsq', 2);
  await player(page).getByTestId('step-skip').click();
  await page.waitForFunction(() => window.__tsqLearn!.state() === 'ask', null, { timeout: 60_000 });
  const text = player(page).locator('.lesson-text');
  expect(await text.evaluate((t) => t.scrollHeight <= t.clientHeight + 1)).toBe(true);
  const last = player(page).locator('fieldset.predict input[type=radio]').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expect(player(page).locator('.charts canvas').first()).toBeInViewport();
  await expect(player(page).getByTestId('predict-submit')).toBeInViewport();
});

interface StackColumns {
  /** Each column of the stack's grid: its width, and whether a shown row draws anything in it. */
  columns: { widthPx: number; drawn: boolean }[];
  /** Whether a shown panel has a side plot (histogram, CDF). */
  sideShown: boolean;
  /** Each shown plot's width against its row's width less the y axis column. */
  plots: { widthPx: number; besideAxisPx: number }[];
}

/**
 * The columns [y axis | plot | side] of a chart stack as its shown rows lay
 * them out: a column is drawn when some grid item of a shown row covering it
 * holds a canvas, an SVG or text (an empty side div draws nothing).
 */
function stackColumns(stack: Locator): Promise<StackColumns> {
  return stack.evaluate((s) => {
    const shown = (e: Element) => e.getClientRects().length > 0;
    const rows = Array.from(s.querySelectorAll('.track-body, .chart-body, .time-row')).filter(shown);
    const widths = rows.length
      ? getComputedStyle(rows[0]).gridTemplateColumns.split(' ').map(parseFloat)
      : [];
    const drawn = widths.map(() => false);
    for (const row of rows) {
      let left = row.getBoundingClientRect().left;
      const spans = widths.map((w) => [left, (left += w)]);
      for (const item of Array.from(row.children).filter(shown)) {
        const b = item.getBoundingClientRect();
        const draws =
          item.matches('svg, canvas') || !!item.querySelector('canvas, svg') || !!item.textContent?.trim();
        if (!draws || b.width <= 1) continue;
        spans.forEach(([l, r], i) => {
          if (Math.min(r, b.right) - Math.max(l, b.left) > 1) drawn[i] = true;
        });
      }
    }
    const plots = rows.flatMap((row) => {
      const plot = row.querySelector(':scope > .plot');
      if (!plot || row.classList.contains('time-axis')) return [];
      return [{ widthPx: plot.getBoundingClientRect().width, besideAxisPx: row.clientWidth - widths[0] }];
    });
    const sideShown = Array.from(s.querySelectorAll('.side canvas')).some(
      (c) => shown(c) && c.getBoundingClientRect().width > 1,
    );
    return { columns: widths.map((widthPx, i) => ({ widthPx, drawn: drawn[i] })), sideShown, plots };
  });
}

/** No column of the stack is left empty, and with no side plot shown each plot spans its row beside the y axis. */
async function expectNoEmptyColumn(stack: Locator, where: string): Promise<StackColumns> {
  await expect.poll(async () => (await stackColumns(stack)).plots.length, where).toBeGreaterThan(0);
  // The layout follows ResizeObserver callbacks: poll until the columns match what is shown.
  await expect
    .poll(async () => (await stackColumns(stack)).columns.filter((c) => c.widthPx > 1 && !c.drawn), where)
    .toEqual([]);
  const cols = await stackColumns(stack);
  if (!cols.sideShown)
    for (const p of cols.plots)
      expect(
        p.widthPx,
        `${where}: plot width of ${p.besideAxisPx} px beside the axis`,
      ).toBeGreaterThanOrEqual(0.9 * p.besideAxisPx);
  return cols;
}

test('on a phone a chart stack keeps no empty column: a lesson’s hidden panels leave no side column behind', async ({
  page,
}) => {
  const errors = collectErrors(page);
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    // The phone layout shows the figure's first panel only: occupancy, its latency CDF hidden.
    await openStep(page, 'why-tsq', 2);
    const cols = await expectNoEmptyColumn(player(page).locator('.charts'), `why-tsq 2 at ${width} px`);
    expect(cols.sideShown).toBe(false);
  }
  // The element on a phone: a WiFi lesson's throughput panel, its latency panel hidden.
  await page.goto('/embed.html?lesson=wifi-budget&step=5');
  const charts = page.locator('tsq-lab .charts');
  await expect(charts.locator('section.chart[data-panel=throughput]')).toBeVisible({ timeout: 30_000 });
  expect((await expectNoEmptyColumn(charts, 'element, wifi-budget 5')).sideShown).toBe(false);
  // A first panel with a side plot keeps its column.
  await page.goto('/embed.html?lesson=wifi-budget&step=4');
  await expect(charts.locator('section.chart[data-panel=latency] .side canvas')).toBeVisible({
    timeout: 30_000,
  });
  expect((await expectNoEmptyColumn(charts, 'element, wifi-budget 4')).sideShown).toBe(true);
  // Wider than a phone, every panel shows again and the side column comes back for the latency CDF.
  await page.setViewportSize({ width: 1024, height: 844 });
  await openStep(page, 'why-tsq', 2);
  const wide = await expectNoEmptyColumn(player(page).locator('.charts'), 'why-tsq 2 at 1024 px');
  expect(wide.sideShown).toBe(true);
  expect(wide.columns[2].widthPx).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('on a phone the explorer’s stack keeps no empty column, its side plots shown', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const preset of ['ath9k-pacing-shift', 'first-tsq']) {
    await page.goto(`/?preset=${preset}`);
    await page.waitForFunction(() => window.__tsq?.ready() === true);
    const cols = await expectNoEmptyColumn(page.locator('section.timelines'), preset);
    expect(cols.sideShown, `${preset}: the latency CDF is shown`).toBe(true);
  }
  expect(errors).toEqual([]);
});

test('in the element, glossary terms in the knob help are underlined words, not bordered buttons', async ({
  page,
}) => {
  await page.goto('/embed.html?preset=first-tsq&controls=tcp.tcp_limit_output_bytes');
  const term = page.locator('tsq-lab').locator('.ctl-help button.term').first();
  await expect(term).toBeVisible({ timeout: 30_000 });
  const style = await term.evaluate((b) => {
    const cs = getComputedStyle(b);
    return { border: cs.borderTopStyle, padding: cs.paddingLeft, deco: cs.textDecorationStyle };
  });
  expect(style).toEqual({ border: 'none', padding: '0px', deco: 'dotted' });
});
