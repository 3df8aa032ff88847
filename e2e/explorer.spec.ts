/**
 * The live explorer end to end: load, run, draw, change a knob, layout at
 * phone and desktop widths, theme. Waits on the app's window.__tsq hook,
 * never on fixed sleeps. Tests that need a real preset skip until one exists.
 */
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import AxeBuilder from '@axe-core/playwright';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { ParamSpec } from '../src/worker/protocol';

declare const window: Window & { __tsq?: TsqTestHook };

async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => window.__tsq?.ready() === true);
}

const nowNs = (page: Page) => page.evaluate(() => window.__tsq!.nowNs());

/** Plays until the buffers hold at least `rows` samples. */
async function runFor(page: Page, rows: number): Promise<void> {
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction((n) => window.__tsq!.sampleCount() >= n, rows);
}

/** Pixels with any ink on each data canvas of the timelines. */
function inkPerTrack(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="track-"]'))) {
      let n = 0;
      for (const c of Array.from(el.querySelectorAll<HTMLCanvasElement>('canvas.layer-data'))) {
        const ctx = c.getContext('2d');
        if (!ctx || !c.width || !c.height) continue;
        const px = ctx.getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
      }
      out[el.dataset.testid!] = n;
    }
    return out;
  });
}

/** The first preset with a live numeric knob that has a slider, loaded; null if none exists yet. */
async function loadPresetWithLiveSlider(page: Page): Promise<ParamSpec | null> {
  return page.evaluate(async () => {
    const hook = window.__tsq!;
    for (const p of hook.presets()) {
      if (!(await hook.loadPreset(p.id))) continue;
      const spec = hook
        .params()
        .find(
          (s) =>
            s.live &&
            (s.kind === 'int' || s.kind === 'float') &&
            s.min !== undefined &&
            s.max !== undefined &&
            s.key !== 'era',
        );
      if (spec) return spec;
    }
    return null;
  });
}

test('loads without console errors and lists the presets', async ({ page }) => {
  const errors = collectErrors(page);
  await open(page);
  const presets = await page.evaluate(() => window.__tsq!.presets());
  expect(presets.length).toBeGreaterThan(0);
  await expect(page.getByTestId('preset').locator('option')).toHaveCount(presets.length);
  // The default preset is the first one.
  expect(await page.evaluate(() => window.__tsq!.presetId())).toBe(presets[0].id);
  await expect(page.getByRole('heading', { name: 'TSQ Lab' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('play advances the clock, frames keep coming, pause stops it', async ({ page }) => {
  const errors = collectErrors(page);
  await open(page);
  expect(await nowNs(page)).toBe(0);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveText('Pause');
  await expect.poll(() => nowNs(page)).toBeGreaterThan(1e6);
  const frames0 = await page.evaluate(() => window.__tsq!.frames());
  await expect.poll(() => page.evaluate(() => window.__tsq!.frames())).toBeGreaterThan(frames0 + 5);
  const fresh = await page.evaluate(() => performance.now() - window.__tsq!.lastFrameAt());
  expect(fresh).toBeLessThan(1000);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveText('Play');
  const stopped = await nowNs(page);
  // Another frame (the step) proves the worker is alive while the clock stayed put.
  const frames1 = await page.evaluate(() => window.__tsq!.frames());
  await page.getByTestId('step').click();
  await page.waitForFunction((n) => window.__tsq!.frames() > n, frames1);
  // Space plays and pauses from anywhere that is not a field or a button.
  await page.locator('h1').click();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveText('Pause');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveText('Play');
  expect(await nowNs(page)).toBeGreaterThan(stopped);
  expect(errors).toEqual([]);
});

test('timeline canvases are not blank after running', async ({ page }) => {
  await open(page);
  await runFor(page, 200);
  const tracks = await page.locator('[data-testid^="track-"]').count();
  expect(tracks).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const ink = await inkPerTrack(page);
      return Object.keys(ink).length === tracks && Object.values(ink).every((n) => n > 50);
    })
    .toBe(true);
  // The overview strip draws too.
  const overviewInk = await page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('.overview canvas')!;
    const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
    return n;
  });
  expect(overviewInk).toBeGreaterThan(20);
});

test('keyboard zoom on the time axis narrows the window of every track', async ({ page }) => {
  await open(page);
  await runFor(page, 50);
  const axis = page.getByRole('group', { name: /Time axis/ });
  await axis.focus();
  const before = await page.evaluate(() => window.__tsq!.visibleWindow());
  await page.keyboard.press('+');
  await expect
    .poll(async () => {
      const w = await page.evaluate(() => window.__tsq!.visibleWindow());
      return (w.t1Ns - w.t0Ns) / (before.t1Ns - before.t0Ns);
    })
    .toBeCloseTo(1 / 1.5, 3);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: /Live/ })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('End');
  await expect(page.getByRole('button', { name: /Live/ })).toHaveAttribute('aria-pressed', 'true');
});

test('a slider changes a parameter live and a change marker appears', async ({ page }) => {
  const errors = collectErrors(page);
  await open(page);
  const spec = await loadPresetWithLiveSlider(page);
  test.skip(
    !spec,
    'needs a preset with a live numeric parameter; the core has only the engine heartbeat so far',
  );
  await page.waitForFunction(() => window.__tsq!.ready());
  await runFor(page, 20);
  const before = await page.evaluate((k) => window.__tsq!.values()[k], spec!.key);
  const slider = page.getByTestId(`slider-${spec!.key}`);
  await slider.focus();
  // A few steps (throttled into one or two setParam calls), away from the end the knob sits at.
  const key = before === spec!.max ? 'ArrowLeft' : 'ArrowRight';
  for (let i = 0; i < 3; i++) await page.keyboard.press(key);
  await page.waitForFunction((k) => window.__tsq!.changes().some((c) => c.key === k), spec!.key);
  const after = await page.evaluate((k) => window.__tsq!.values()[k], spec!.key);
  expect(after).not.toBe(before);
  const marker = page.getByTestId('change-marker').filter({ hasText: spec!.key });
  await expect(marker.first()).toBeAttached();
  expect(errors).toEqual([]);
});

test('an out-of-range number shows an inline error and keeps what was typed', async ({ page }) => {
  await open(page);
  const spec = await loadPresetWithLiveSlider(page);
  test.skip(
    !spec,
    'needs a preset with a bounded numeric parameter; the core has only the engine heartbeat so far',
  );
  const field = page.locator(`[data-param="${spec!.key}"] input.num-field`);
  const typed = String(spec!.max! * 10 + 1);
  await field.fill(typed);
  await field.press('Enter');
  await expect(page.locator(`[data-param="${spec!.key}"] [role="alert"]`)).toContainText('must be between');
  await expect(field).toHaveValue(typed);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // Escape drops the draft and the error.
  await field.press('Escape');
  await expect(page.locator(`[data-param="${spec!.key}"] [role="alert"]`)).toHaveCount(0);
});

test('the packet path shows the layers of the scenario with live levels and the bound', async ({ page }) => {
  await open(page);
  const stages = await page.locator('[data-testid^="stage-"]').count();
  test.skip(!stages, 'the loaded preset publishes no occupancy layers (engine heartbeat only)');
  await runFor(page, 200);
  await expect(page.locator('[data-testid^="stage-"] .stage-value').first()).not.toHaveText('–');
  const s = await page.evaluate(() => window.__tsq!.summary());
  expect(s).not.toBeNull();
  await expect(page.getByTestId('bound')).not.toHaveText('…');
  await expect(page.getByTestId('summary-goodput').locator('dd')).not.toHaveText('–');
});

for (const width of [390, 1440]) {
  test(`layout works at ${width} px`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await open(page);
    await runFor(page, 100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = async (sel: string) => (await page.locator(sel).boundingBox())!;
    const [controls, centre, summary, path] = await Promise.all(
      ['.col-controls', '.col-centre', '.summary', '.packet-path'].map(box),
    );
    if (width < 600) {
      // One column: the timelines first (under the phone bar), then summary, packet path and parameters.
      for (const b of [controls, summary, path]) expect(Math.abs(b.x - centre.x)).toBeLessThan(2);
      expect(centre.y).toBeLessThan(summary.y);
      expect(summary.y).toBeLessThan(path.y);
      expect(path.y).toBeLessThan(controls.y);
      expect(centre.width).toBeGreaterThan(width - 40);
    } else {
      // Three columns: parameters left, timelines centre, summary and path right.
      expect(controls.x + controls.width).toBeLessThanOrEqual(centre.x);
      expect(centre.x + centre.width).toBeLessThanOrEqual(summary.x);
      expect(Math.abs(path.x - summary.x)).toBeLessThan(2);
      expect(path.y).toBeGreaterThan(summary.y);
    }
    await page.screenshot({ path: info.outputPath(`explorer-${width}.png`), fullPage: true });
    await page.screenshot({ path: `test-results/explorer-${width}.png`, fullPage: true });
  });
}

test('on a phone a chart and the knob being moved share the first screen; Parameters are one tap away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  const inView = async (sel: string) => {
    const b = (await page.locator(sel).first().boundingBox())!;
    return b.y >= 0 && b.y + b.height <= 844 && b.height > 0;
  };
  expect(await inView('[data-testid="track-occupancy"] canvas.layer-data')).toBe(true);
  expect(await inView('[data-testid="bar-knob"]')).toBe(true);
  await expect(page.getByTestId('phone-bar')).toContainText('sk_pacing_shift');
  // The knob moves the run from the bar; the chart stays in view.
  const knob = page.getByTestId('bar-knob');
  await knob.focus();
  await knob.press('ArrowLeft');
  await page.waitForFunction(() => window.__tsq!.overrides()['tcp.sk_pacing_shift'] === 9);
  // Still at the top after scrolling: the bar is sticky.
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await page.getByTestId('phone-bar').boundingBox())!.y).toBeLessThan(2);
  await page.mouse.wheel(0, -600);
  // One tap: the parameters open over the lower half, the chart still above them.
  await page.getByTestId('bar-parameters').click();
  const sheet = (await page.locator('.col-controls').boundingBox())!;
  expect(sheet.y).toBeGreaterThan(844 * 0.4);
  expect(sheet.y + sheet.height).toBeLessThanOrEqual(845);
  await expect(page.locator('.col-controls')).toHaveClass(/sheet-open/);
  // Taking hold of another knob there puts it in the bar.
  await page.locator('[data-param="tcp.tcp_limit_output_bytes"] input[type="range"]').focus();
  await expect(page.getByTestId('phone-bar')).toContainText('tcp_limit_output_bytes');
  await page.locator('.sheet-close').click();
  await expect(page.locator('.col-controls')).not.toHaveClass(/sheet-open/);
});

test('theme toggle switches between light and dark and persists', async ({ page }) => {
  await open(page);
  const html = page.locator('html');
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const first = await html.getAttribute('data-theme');
  const bg0 = await bg();
  await page.getByTestId('theme-toggle').click();
  const second = first === 'dark' ? 'light' : 'dark';
  await expect(html).toHaveAttribute('data-theme', second);
  expect(await bg()).not.toBe(bg0);
  await page.reload();
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await expect(html).toHaveAttribute('data-theme', second);
});

test('has no serious accessibility violations', async ({ page }) => {
  await open(page);
  await runFor(page, 20);
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
