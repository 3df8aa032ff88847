/**
 * Embedding end to end: the Embed dialog's iframe snippet pasted into a page
 * of another origin, its slider operated; the <tsq-lab> element loaded by a
 * plain static page (one script, one tag) and seen running, in light and
 * dark; and the element's script loaded from another origin.
 */
import { test, expect, type Frame, type Locator, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';
import config from '../playwright.config';

/** The preview server's port (playwright.config.ts). */
const E2E_PORT = Number(process.env.TSQ_E2E_PORT ?? 4173);

declare const window: Window & { __tsq?: TsqTestHook };

interface LabElement extends HTMLElement {
  ready: boolean;
  simulatedNs: number;
  running: boolean;
  values(): Record<string, unknown>;
}

/** Waits until the element in `scope` (a page or a frame) has loaded and simulated past `ns`. */
async function waitRunning(scope: Page | Frame, selector: string, ns: number): Promise<void> {
  await scope.waitForFunction(
    (sel) => (document.querySelector(sel) as LabElement | null)?.ready === true,
    selector,
  );
  await scope.waitForFunction(
    ([sel, t]) => (document.querySelector(sel as string) as LabElement).simulatedNs > (t as number),
    [selector, ns] as const,
  );
}

/** Ink on the element's first data canvas (inside its shadow root). */
function inkOf(scope: Page | Frame, selector: string): Promise<number> {
  return scope.evaluate((sel) => {
    const c = document.querySelector(sel)!.shadowRoot!.querySelector<HTMLCanvasElement>('.plot canvas')!;
    const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
    return n;
  }, selector);
}

/** Moves a slider two steps right by keyboard and returns the value it reports. */
async function nudge(slider: Locator): Promise<void> {
  await slider.focus();
  await slider.press('ArrowRight');
  await slider.press('ArrowRight');
}

/**
 * The test's blog is a routed page, which Chromium counts as a public
 * origin, and the app runs on a loopback address: Chromium's local network
 * access check would block the frame. A real blog and a real deployment are
 * both public, so the check is switched off for this file.
 */
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...base, args: [...(base.args ?? []), '--disable-features=LocalNetworkAccessChecks'] },
});

test('the Embed dialog snippet works in a page of another origin, and its slider drives the simulation', async ({
  page,
}) => {
  await page.goto('/?preset=ath9k-pacing-shift');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.setParam('tcp.sk_pacing_shift', 8));
  await page.waitForFunction(() => window.__tsq!.overrides()['tcp.sk_pacing_shift'] === 8);
  // The dialog offers the panels in view: latency is among them from the load, before any ping reply
  // (it once waited for the first reply, and a dialog opened earlier could not offer it).
  await expect(page.getByTestId('track-latency')).toBeVisible();

  await page.getByTestId('embed-open').click();
  const dialog = page.getByRole('dialog', { name: 'Embed this view' });
  await expect(dialog).toBeVisible();
  // Occupancy and latency, and the one changed knob as the control.
  for (const t of await dialog.getByRole('group', { name: 'Panels' }).getByRole('checkbox').all()) {
    const name = (await t.locator('xpath=..').textContent())?.trim() ?? '';
    const want = name === 'Queue occupancy' || name === 'Latency';
    if ((await t.isChecked()) !== want) await t.click();
  }
  await expect(dialog.getByRole('checkbox', { name: 'sk_pacing_shift' })).toBeChecked();
  const snippet = await dialog.getByTestId('embed-iframe-snippet').inputValue();
  expect(snippet).toMatch(
    new RegExp(
      `^<iframe src="http://127\\.0\\.0\\.1:${E2E_PORT}/embed\\.html\\?v=1&amp;preset=ath9k-pacing-shift`,
    ),
  );
  expect(snippet).toContain('panels=occupancy,latency');
  expect(snippet).toContain('controls=tcp.sk_pacing_shift');
  expect(snippet).toContain('tcp.sk_pacing_shift=8');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // A blog post elsewhere with the snippet pasted in.
  const blog = await page.context().newPage();
  const errors = collectErrors(blog);
  await blog.route('http://blog.test/post.html', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Post</title><link rel="icon" href="data:,"></head><body><main><h1>A post</h1><p>Text.</p>${snippet}</main></body></html>`,
    }),
  );
  await blog.goto('http://blog.test/post.html');
  const iframe = blog.frameLocator('iframe');
  const frame = (await blog
    .locator('iframe')
    .elementHandle()
    .then((h) => h!.contentFrame()))!;
  expect(frame.url()).toContain('/embed.html?v=1');
  await waitRunning(frame, 'tsq-lab', 50e6);
  // The frame shows the chosen panels and control only, and a way back to the app.
  await expect(iframe.locator('section.chart')).toHaveCount(2);
  await expect(iframe.locator('[data-panel="occupancy"]')).toBeVisible();
  await expect(iframe.locator('[data-panel="latency"]')).toBeVisible();
  await expect(iframe.locator('.ctl')).toHaveCount(1);
  // The frame is sized to the chosen panels: each gets (about) its own height, and nothing scrolls.
  await expect
    .poll(() =>
      frame.evaluate(() => {
        const root = document.querySelector('tsq-lab')!.shadowRoot!;
        const lab = root.querySelector<HTMLElement>('.lab')!;
        const bodies = Array.from(root.querySelectorAll<HTMLElement>('.chart-body')).map(
          (b) => b.clientHeight,
        );
        return lab.scrollHeight <= lab.clientHeight + 1 && bodies[0] >= 150 && bodies[1] >= 125;
      }),
    )
    .toBe(true);
  const back = iframe.getByRole('link', { name: 'Open in TSQ Lab' });
  await expect(back).toHaveAttribute(
    'href',
    new RegExp(
      `^http://127\\.0\\.0\\.1:${E2E_PORT}/\\?v=1&preset=ath9k-pacing-shift.*tcp\\.sk_pacing_shift=8`,
    ),
  );
  expect(await inkOf(frame, 'tsq-lab')).toBeGreaterThan(50);

  const slider = iframe.getByRole('slider', { name: 'sk_pacing_shift' });
  await expect(slider).toHaveAttribute('aria-valuetext', '8');
  await nudge(slider);
  await frame.waitForFunction(
    () => (document.querySelector('tsq-lab') as LabElement).values()['tcp.sk_pacing_shift'] === 10,
  );
  // Accepted by the worker: the link back replays the run, 8 from the start, then each step at its time.
  await expect(back).toHaveAttribute(
    'href',
    /[?&]tcp\.sk_pacing_shift=8&at=[\d.]+s:tcp\.sk_pacing_shift=9&at=[\d.]+s:tcp\.sk_pacing_shift=10$/,
  );
  await expect(iframe.locator('.ctl output')).toHaveText('10');
  await expect(iframe.locator('.ctl-error')).toBeHidden();
  const t0 = await frame.evaluate(() => (document.querySelector('tsq-lab') as LabElement).simulatedNs);
  await frame.waitForFunction(
    (t) => (document.querySelector('tsq-lab') as LabElement).simulatedNs > t + 20e6,
    t0,
  );
  expect(errors).toEqual([]);
});

test('the web component runs in a plain static page, light and dark like its surroundings', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/lib/demo.html');
  await waitRunning(page, '#light', 100e6);
  const light = page.locator('#light');
  await expect(light.locator('.title')).toHaveText(/ath9k/);
  await expect(light.locator('section.chart')).toHaveCount(2);
  await expect.poll(() => inkOf(page, '#light')).toBeGreaterThan(50);
  // The clock on screen moves.
  const clock = light.locator('.clock');
  const c0 = await clock.textContent();
  await expect(clock).not.toHaveText(c0 ?? '');
  // Its slider changes the parameter in its own worker.
  const slider = light.getByRole('slider', { name: 'sk_pacing_shift' });
  await nudge(slider);
  await page.waitForFunction(
    () => (document.querySelector('#light') as LabElement).values()['tcp.sk_pacing_shift'] === 12,
  );
  await expect(light.getByRole('link', { name: 'Open in TSQ Lab' })).toHaveAttribute(
    'href',
    /tcp\.sk_pacing_shift=12/,
  );

  // Light page, light figure; dark section, dark figure (no theme attribute on either).
  const bg = (sel: string) =>
    page.evaluate(
      (s) => getComputedStyle(document.querySelector(s)!.shadowRoot!.querySelector('.lab')!).backgroundColor,
      sel,
    );
  expect(await bg('#light')).toBe('rgb(255, 255, 255)');
  expect(await bg('#dark')).toBe('rgb(26, 29, 35)');
  // autoplay="false": loaded, waiting for the reader.
  await page.waitForFunction(() => (document.querySelector('#dark') as LabElement).ready);
  expect(await page.evaluate(() => (document.querySelector('#dark') as LabElement).running)).toBe(false);
  // A theme attribute wins over the surroundings.
  await page.evaluate(() => document.querySelector('#dark')!.setAttribute('theme', 'light'));
  await expect.poll(() => bg('#dark')).toBe('rgb(255, 255, 255)');
  // A scripted figure: the knob moves by itself at the time the `at` attribute gives.
  await page.evaluate(() =>
    document.querySelector('#light')!.setAttribute('at', '0.2s:tcp.sk_pacing_shift=7'),
  );
  await waitRunning(page, '#light', 300e6);
  expect(
    await page.evaluate(
      () => (document.querySelector('#light') as LabElement).values()['tcp.sk_pacing_shift'],
    ),
  ).toBe(7);
  await expect(light.getByRole('link', { name: 'Open in TSQ Lab' })).toHaveAttribute(
    'href',
    /at=0\.2s:tcp\.sk_pacing_shift=7/,
  );
  expect(errors).toEqual([]);
});

test('the element script works from any origin: one file, its worker inlined, no server of its own', async ({
  page,
}) => {
  const errors = collectErrors(page);
  // A blog and a CDN, both other origins than the app; the CDN serves the built file and nothing else.
  await page.route('http://cdn.test/tsq-lab.js', (r) =>
    r.fulfill({
      path: `${process.env.TSQ_E2E_OUTDIR ?? 'dist'}/lib/tsq-lab.js`,
      contentType: 'text/javascript',
      headers: { 'Access-Control-Allow-Origin': '*' },
    }),
  );
  await page.route('http://blog.test/post.html', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Post</title><link rel="icon" href="data:,">
        <script type="module" src="http://cdn.test/tsq-lab.js"></script></head>
        <body><main><h1>Post</h1><tsq-lab preset="xen-tsq-limit" panels="occupancy" set="tcp.tcp_limit_output_bytes=256K"
        speed="4" app-url="https://lab.example/tsq/"></tsq-lab></main></body></html>`,
    }),
  );
  await page.goto('http://blog.test/post.html');
  await waitRunning(page, 'tsq-lab', 200e6);
  expect(
    await page.evaluate(
      () => (document.querySelector('tsq-lab') as LabElement).values()['tcp.tcp_limit_output_bytes'],
    ),
  ).toBe(262144);
  await expect(page.locator('tsq-lab').getByRole('link', { name: 'Open in TSQ Lab' })).toHaveAttribute(
    'href',
    'https://lab.example/tsq/?v=1&preset=xen-tsq-limit&seed=1&speed=4&tcp.tcp_limit_output_bytes=256K',
  );
  expect(errors).toEqual([]);
});

test('the embed page names what it could not use and still runs', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(
    '/embed.html?v=1&preset=xen-tsq-limit&controls=nope,tcp_limit_output_bytes&panels=occupancy&tcp.sk_pacing_shift=77',
  );
  await waitRunning(page, 'tsq-lab', 10e6);
  const notice = page.locator('tsq-lab .notice');
  await expect(notice).toContainText('tcp.sk_pacing_shift = 77 is not allowed');
  await expect(notice).toContainText('controls = nope is not a parameter of xen-tsq-limit');
  await expect(page.locator('tsq-lab').getByRole('slider', { name: 'tcp_limit_output_bytes' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an embedded AP scene charts each station’s queue and says whose its numbers are', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/embed.html?v=1&preset=ath9k-intermediate-queues&panels=stations,latency');
  await waitRunning(page, 'tsq-lab', 300e6);
  const lab = page.locator('tsq-lab');
  await expect(lab.locator('.summary dt')).toContainText([
    'Goodput',
    'Median latency, all stations',
    'Mean TSQ limit, wired sender',
  ]);
  const legend = lab.locator('section[data-panel="stations"] .legend li');
  await expect(legend).toHaveCount(3);
  for (const [i, name] of ['fast 1', 'fast 2', 'slow'].entries())
    await expect(legend.nth(i)).toContainText(name);
  expect(errors).toEqual([]);
});
