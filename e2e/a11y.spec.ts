/**
 * Accessibility: axe-core (WCAG 2.1 A/AA rules) finds no serious or critical
 * violation on the explorer (also with its share, export and embed popups
 * open), the experiments view and the embed (iframe page and web component);
 * and every control is reachable with Tab, shows a visible focus ring and
 * has a name, on the explorer and inside the embed.
 */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** `only`: CSS selectors to limit the scan to (a popup after the whole page was scanned). */
async function expectNoSeriousViolations(page: Page, what: string, only: string[] = []): Promise<void> {
  let axe = new AxeBuilder({ page }).withTags(TAGS);
  for (const sel of only) axe = axe.include(sel);
  const r = await axe.analyze();
  const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${what}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
  expect(r.passes.length).toBeGreaterThan(only.length ? 3 : 10);
}

async function openExplorer(page: Page): Promise<void> {
  await page.goto('/?preset=ath9k-pacing-shift');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.sampleCount() >= 30);
  // The point panels appear with their first points: wait for them, so the page holds still.
  await expect(page.getByTestId('track-aggregates')).toBeVisible();
  await expect(page.getByTestId('track-latency')).toBeVisible();
  // The summary's aggregate rows appear with the first aggregate summary: wait for it too.
  await expect(page.getByTestId('summary-aggregate').locator('dd')).not.toHaveText('–');
  await page.evaluate(() => window.__tsq!.pause());
  await expect(page.getByTestId('play')).toHaveText('Play');
}

interface Stop {
  tag: string;
  name: string;
  focusRing: boolean;
  id: string;
}

/**
 * Presses Tab until focus comes back round (or `max` stops) and describes
 * each stop: the focused element (through shadow roots), its accessible name
 * as far as the DOM gives it, and whether a focus ring is drawn.
 */
async function tabStops(page: Page, max = 150): Promise<Stop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    let n = 0;
    const mark = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
        el.dataset.a11yId ??= String(n++);
        if (el.shadowRoot) mark(el.shadowRoot);
      }
    };
    mark(document);
  });
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const s = await page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      if (!el || el === document.body) return null;
      const h = el as HTMLElement;
      const root = h.getRootNode() as Document | ShadowRoot;
      const byId = (ids: string | null) =>
        (ids ?? '')
          .split(/\s+/)
          .map((id) => (id ? (root.getElementById?.(id)?.textContent ?? '') : ''))
          .join(' ')
          .trim();
      const labels = (h as HTMLInputElement).labels;
      const field = ['input', 'select', 'textarea'].includes(h.tagName.toLowerCase());
      // As the accessible name computation does: content names buttons and links before a title does.
      const name =
        h.getAttribute('aria-label') ||
        byId(h.getAttribute('aria-labelledby')) ||
        (labels && labels.length
          ? Array.from(labels)
              .map((l) => l.textContent)
              .join(' ')
          : '') ||
        (field ? '' : (h.textContent ?? '')) ||
        h.getAttribute('title') ||
        '';
      const cs = getComputedStyle(h);
      const ring =
        (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1) ||
        (cs.boxShadow !== 'none' && cs.boxShadow !== '');
      return { tag: h.tagName.toLowerCase(), name: name.trim(), focusRing: ring, id: h.dataset.a11yId ?? '' };
    });
    if (!s) continue;
    if (stops.some((x) => x.id === s.id)) break;
    stops.push(s);
  }
  return stops;
}

/** Visible, enabled controls a keyboard user must be able to reach (through shadow roots). */
function controlIds(page: Page): Promise<{ id: string; what: string }[]> {
  return page.evaluate(() => {
    const out: { id: string; what: string }[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(
        root.querySelectorAll<HTMLElement>(
          // A glossary term in the explorer's help is left out of the Tab order on purpose (tabindex -1).
          ':is(button, input, select, textarea, summary, a[href], [tabindex="0"]):not([tabindex="-1"])',
        ),
      )) {
        // Not inside a closed <details> or otherwise hidden: those are reached by opening them first.
        const visible = el.checkVisibility({ visibilityProperty: true });
        if (visible && !(el as HTMLButtonElement).disabled)
          out.push({
            id: el.dataset.a11yId ?? '?',
            what: `${el.tagName.toLowerCase()}[type=${el.getAttribute('type')}] "${(el.textContent || el.getAttribute('aria-label') || '').slice(0, 60)}" in ${el.parentElement?.className}`,
          });
      }
      for (const el of Array.from(root.querySelectorAll('*'))) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return out;
  });
}

async function expectKeyboardReachable(page: Page): Promise<Stop[]> {
  const stops = await tabStops(page);
  const reached = new Set(stops.map((s) => s.id));
  const missing = (await controlIds(page)).filter((c) => !reached.has(c.id)).map((c) => c.what);
  expect(missing, 'controls that Tab never reaches').toEqual([]);
  expect(
    stops.filter((s) => !s.name).map((s) => `${s.tag}#${s.id}`),
    'focusable elements without a name',
  ).toEqual([]);
  expect(
    stops.filter((s) => !s.focusRing).map((s) => `${s.tag} "${s.name}"`),
    'no visible focus ring',
  ).toEqual([]);
  return stops;
}

test('explorer: no serious axe violations, with and without the share, export and embed popups', async ({
  page,
}) => {
  await openExplorer(page);
  await expectNoSeriousViolations(page, 'explorer');
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-link')).toBeVisible();
  await page.getByTestId('export-menu').click();
  await expect(page.getByTestId('export-series-csv')).toBeVisible();
  await expectNoSeriousViolations(page, 'explorer with copy link and export menu', ['.share-tools']);
  await page.keyboard.press('Escape');
  await page.getByTestId('embed-open').click();
  await expect(page.getByRole('dialog', { name: 'Embed this view' })).toBeVisible();
  await expectNoSeriousViolations(page, 'embed dialog', ['dialog.embed-dialog']);
});

test('explorer: every control is reachable by Tab, named, and shows a focus ring; menus work by keyboard', async ({
  page,
}) => {
  await openExplorer(page);
  const stops = await expectKeyboardReachable(page);
  expect(stops.length).toBeGreaterThan(15);
  expect(stops.map((s) => s.name)).toEqual(
    expect.arrayContaining(['Copy link', 'Embed…', 'Export', 'Load scenario…']),
  );

  // The Export menu: open with Enter, reach an item with Tab, use it with Enter, close with Escape.
  await page.getByTestId('export-menu').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('export-series-csv')).toBeVisible();
  await page.getByTestId('export-series-csv').focus();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(dl.suggestedFilename()).toMatch(/series\.csv$/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-series-csv')).toHaveCount(0);
  await expect(page.getByTestId('export-menu')).toBeFocused();

  // The Embed dialog: opens with Enter, takes focus, toggles with Space, closes with Escape back to its button.
  await page.getByTestId('embed-open').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Embed this view' });
  await expect(dialog).toBeVisible();
  const inDialog = await page.evaluate(() => !!document.activeElement?.closest('dialog'));
  expect(inDialog).toBe(true);
  const box = dialog.getByRole('checkbox').first();
  const was = await box.isChecked();
  await box.focus();
  await page.keyboard.press('Space');
  expect(await box.isChecked()).toBe(!was);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('embed-open')).toBeFocused();
});

test('explorer: a skip link is the first Tab stop and leads to the knobs; glossary terms in their help are not Tab stops', async ({
  page,
}) => {
  await openExplorer(page);
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-parameters');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  // From the parameters: Restore defaults, the first group, then the first knob's own controls.
  let presses = 0;
  while (
    presses < 8 &&
    !(await page.evaluate(() => (document.activeElement as HTMLInputElement)?.type === 'range'))
  ) {
    await page.keyboard.press('Tab');
    presses++;
  }
  expect(presses, 'Tab stops from the skip link to the first slider').toBeLessThan(8);
  // Without the skip link the top bar's controls come first, but no definition of a term in the help.
  const terms = page.locator('#parameters button.term');
  expect(await terms.count()).toBeGreaterThan(0);
  for (const t of await terms.all()) await expect(t).toHaveAttribute('tabindex', '-1');
});

test('experiments view: no serious axe violations', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  const link = page.getByTestId('view-experiments');
  test.skip((await link.count()) === 0, 'this build has no experiments view (issue 6 not merged)');
  await link.click();
  await expect(page.getByTestId('view-experiments')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main')).not.toBeEmpty();
  await expectNoSeriousViolations(page, 'experiments');
});

test('embed page and web component: no serious axe violations; controls reachable and named', async ({
  page,
}) => {
  await page.goto(
    '/embed.html?v=1&preset=ath9k-pacing-shift&panels=occupancy,latency&controls=tcp.sk_pacing_shift,tcp.cc,tcp.tcp_limit_output_bytes',
  );
  await page.waitForFunction(
    () => (document.querySelector('tsq-lab') as HTMLElement & { ready: boolean })?.ready,
  );
  await expectNoSeriousViolations(page, 'embed page');
  const stops = await expectKeyboardReachable(page);
  expect(stops[0].name).toMatch(/^(Play|Pause)$/);
  expect(stops.map((s) => s.name)).toEqual(
    expect.arrayContaining([
      'Reset',
      'TSQ budget shift (sk_pacing_shift)',
      'congestion control',
      'Open in TSQ Lab',
    ]),
  );
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.querySelector('tsq-lab')!.shadowRoot!.querySelector('.lab')!.classList.contains('dark'),
        ),
      )
      .toBe(theme === 'dark');
    await expectNoSeriousViolations(page, `embed page (${theme})`);
  }

  await page.goto('/lib/demo.html');
  await page.waitForFunction(
    () => (document.querySelector('#dark') as HTMLElement & { ready: boolean })?.ready,
  );
  await expectNoSeriousViolations(page, 'web component on a static page');
});
