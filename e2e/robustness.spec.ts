/**
 * The explorer survives its worker failing: an exception in the core, a hang
 * (no answer at all) and a worker killed outright are each reported in the
 * UI, the worker is restarted with the last good parameters and seed, and the
 * run goes on; repeated failures stop the restarts and leave a Restart button.
 * Also: a rejected parameter leaves the running state alone, a scenario too
 * heavy for the chosen speed gets a notice with fast-forward, and the built
 * page carries a CSP with no inline script and raises no violation.
 * Waits on window.__tsq and visible state, never on fixed sleeps.
 */
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import AxeBuilder from '@axe-core/playwright';
import type { TsqTestHook } from '../src/app/test-hook-types';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headersFor, parseHeaders } from '../scripts/headers-file.mjs';
import { LESSONS } from '../src/sim/lessons/index';
import type { TsqLabElement } from '../src/embed/element-api';

declare const window: Window & { __tsq?: TsqTestHook; __csp?: string[] };

const PRESET = 'bench-wired';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => window.__tsq?.ready() === true);
}

/** Changes a knob and the seed, plays, and waits until those settings have run for over 2 s (the last good ones). */
async function runWithSettings(page: Page): Promise<{ overrides: Record<string, unknown>; seed: number }> {
  await open(page, `/?preset=${PRESET}`);
  expect((await page.evaluate(() => window.__tsq!.setParam('tcp.sk_pacing_shift', 8))).ok).toBe(true);
  const seed = page.getByTestId('seed');
  await seed.fill('7');
  await seed.press('Enter');
  await page.waitForFunction(() => window.__tsq!.seed() === 7 && window.__tsq!.ready());
  await page.evaluate(() => window.__tsq!.play());
  const t0 = await page.evaluate(() => performance.now());
  await page.waitForFunction((t) => window.__tsq!.running() && window.__tsq!.lastFrameAt() > t + 2300, t0, {
    timeout: 20_000,
  });
  return {
    overrides: await page.evaluate(() => window.__tsq!.overrides()),
    seed: await page.evaluate(() => window.__tsq!.seed()),
  };
}

/** After a fault: the notice appears, the worker restarts, and the run goes on with the same settings. */
async function expectRecovery(
  page: Page,
  before: { overrides: Record<string, unknown>; seed: number },
  restarts: number,
) {
  const notice = page.getByTestId('worker-notice');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await page.waitForFunction(
    (n) => window.__tsq!.workerRestarts() === n && window.__tsq!.workerHealth() === 'recovered',
    restarts,
    {
      timeout: 20_000,
    },
  );
  await expect(notice).toContainText('Restarted with the last good settings');
  await expect(notice).toContainText(`seed ${before.seed}`);
  // A fresh run of the same settings, and it keeps running.
  await page.waitForFunction(() => window.__tsq!.ready() && window.__tsq!.running());
  expect(await page.evaluate(() => window.__tsq!.overrides())).toEqual(before.overrides);
  expect(await page.evaluate(() => window.__tsq!.seed())).toBe(before.seed);
  expect(await page.evaluate(() => window.__tsq!.values()['tcp.sk_pacing_shift'])).toBe(8);
  const t = await page.evaluate(() => window.__tsq!.nowNs());
  await page.waitForFunction((x) => window.__tsq!.nowNs() > x + 50e6, t);
  await expect(page.getByTestId('play')).toHaveText('Pause');
}

test('an exception in the worker is reported and the run restarts with the same parameters and seed', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const before = await runWithSettings(page);
  await page.evaluate(() => window.__tsq!.workerFault!('throw'));
  await expectRecovery(page, before, 1);
  await expect(page.getByTestId('worker-notice')).toContainText('stopped with an error');
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="worker-notice"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Dismiss the notice' }).click();
  await expect(page.getByTestId('worker-notice')).toHaveCount(0);
  // The only console error is the worker's own uncaught exception.
  expect(errors.filter((e) => !/injected fault/.test(e))).toEqual([]);
});

test('a failure right after a change restarts with the settings from before it, and says so', async ({
  page,
}) => {
  const before = await runWithSettings(page);
  expect((await page.evaluate(() => window.__tsq!.setParam('tcp.tcp_limit_output_bytes', 262144))).ok).toBe(
    true,
  );
  await page.evaluate(() => window.__tsq!.workerFault!('throw'));
  const notice = page.getByTestId('worker-notice');
  await page.waitForFunction(
    () => window.__tsq!.workerHealth() === 'recovered' && window.__tsq!.ready(),
    undefined,
    { timeout: 20_000 },
  );
  await expect(notice).toContainText('it failed right after your change (tcp.tcp_limit_output_bytes)');
  expect(await page.evaluate(() => window.__tsq!.overrides())).toEqual(before.overrides);
  expect(await page.evaluate(() => window.__tsq!.seed())).toBe(before.seed);
  await page.waitForFunction(() => window.__tsq!.running());
});

test('a hung worker (no answer) is detected, replaced and resumed', async ({ page }) => {
  const before = await runWithSettings(page);
  await page.evaluate(() => window.__tsq!.workerFault!('hang'));
  await expectRecovery(page, before, 1);
  await expect(page.getByTestId('worker-notice')).toContainText(/stopped answering|stopped producing frames/);
});

test('a worker killed mid-run (terminate) is detected and restarted', async ({ page }) => {
  const before = await runWithSettings(page);
  const frames = await page.evaluate(() => window.__tsq!.frames());
  await page.evaluate(() => window.__tsq!.workerFault!('terminate'));
  await expectRecovery(page, before, 1);
  expect(await page.evaluate(() => window.__tsq!.frames())).toBeGreaterThan(frames);
});

test('repeated failures stop the automatic restarts; Restart brings the run back', async ({ page }) => {
  await runWithSettings(page);
  for (let i = 1; i <= 3; i++) {
    await page.evaluate(() => window.__tsq!.workerFault!('throw'));
    await page.waitForFunction(
      (n) => window.__tsq!.workerRestarts() === n && window.__tsq!.workerHealth() === 'recovered',
      i,
      { timeout: 20_000 },
    );
    await page.waitForFunction(() => window.__tsq!.ready());
  }
  await page.evaluate(() => window.__tsq!.workerFault!('throw'));
  const notice = page.getByTestId('worker-notice');
  await expect(notice).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(notice).toContainText('your settings are kept');
  await page.getByTestId('worker-restart').click();
  await page.waitForFunction(() => window.__tsq!.workerHealth() === 'recovered' && window.__tsq!.ready());
  expect(await page.evaluate(() => window.__tsq!.seed())).toBe(7);
  const t = await page.evaluate(() => window.__tsq!.nowNs());
  await page.waitForFunction((x) => window.__tsq!.nowNs() > x, t);
});

test('a rejected value names the field, the value and the range, and the run keeps its last good state', async ({
  page,
}) => {
  await open(page, `/?preset=${PRESET}`);
  await page.evaluate(() => window.__tsq!.play());
  const overrides = await page.evaluate(() => window.__tsq!.overrides());
  const r = await page.evaluate(() => window.__tsq!.setParam('tcp.sk_pacing_shift', 99));
  expect(r).toEqual({
    ok: false,
    error: 'tcp.sk_pacing_shift = 99 is not allowed: expected an integer from 0 to 20 or null',
  });
  expect(await page.evaluate(() => window.__tsq!.overrides())).toEqual(overrides);
  const t = await page.evaluate(() => window.__tsq!.nowNs());
  await page.waitForFunction((x) => window.__tsq!.nowNs() > x, t);
  expect(await page.evaluate(() => window.__tsq!.running())).toBe(true);
});

test('a scenario too heavy for the chosen speed says so and offers fast-forward', async ({ page }) => {
  await open(page, `/?preset=${PRESET}`);
  await page.getByTestId('speed').selectOption('1');
  await page.evaluate(() => window.__tsq!.workerFault!('slow'));
  await page.evaluate(() => window.__tsq!.play());
  const notice = page.getByTestId('slow-notice');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(/events per simulated second/);
  await page.getByTestId('fast-forward').click();
  await expect(page.getByTestId('speed')).toHaveValue('max');
  await expect(notice).toHaveCount(0);
  // The page stays responsive while the worker crawls.
  await expect(page.getByTestId('play')).toHaveText('Pause');
});

test('the built pages carry a CSP without inline script and raise no violation', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__csp!.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const errors = collectErrors(page);
  await open(page, `/?preset=${PRESET}`);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toBeTruthy();
  const scriptSrc = csp!
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src'));
  expect(scriptSrc).toBe("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  // No inline script in the built HTML.
  for (const path of ['/', '/embed.html']) {
    const res = await request.get(path);
    if (!res.ok()) continue;
    const html = await res.text();
    expect(html, path).toContain('Content-Security-Policy');
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [], path).toEqual([]);
  }
  await page.evaluate(() => window.__tsq!.play());
  const t = await page.evaluate(() => window.__tsq!.nowNs());
  await page.waitForFunction((x) => window.__tsq!.nowNs() > x + 20e6, t);
  expect(await page.evaluate(() => window.__csp)).toEqual([]);
  expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
});

// ── Issue 24: what a hostile tester found ───────────────────────────────────

test('a link below the ping minimum is named and dropped; the clock runs', async ({ page }) => {
  await open(page, `/?v=1&preset=${PRESET}&pingIntervalMs=1e-9`);
  await expect(page.getByTestId('share-notice')).toContainText(
    'pingIntervalMs = 1e-9 is not allowed: expected 0 (off) or a number from 1 to 60000 ms',
  );
  expect(await page.evaluate(() => window.__tsq!.overrides())).toEqual({});
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.nowNs() > 20e6);
  // The address is rewritten without the dropped field (after the run's first state, on a busy machine later).
  await expect.poll(() => page.url()).not.toContain('pingIntervalMs');
});

test('a field a link sets that is no knob of the preset is listed and can be reset', async ({ page }) => {
  await open(page, `/?v=1&preset=${PRESET}&receiver.delackMs=10&tcp.sk_pacing_shift=8`);
  const list = page.getByTestId('changed-fields');
  await expect(list).toContainText('receiver.delackMs = 10');
  await expect(list).not.toContainText('sk_pacing_shift');
  await page.getByRole('button', { name: "Reset receiver.delackMs to the preset's value" }).click();
  await page.waitForFunction(() => !('receiver.delackMs' in window.__tsq!.overrides()));
  expect(await page.evaluate(() => window.__tsq!.overrides())).toEqual({ 'tcp.sk_pacing_shift': 8 });
  await expect(list).toHaveCount(0);
  await expect.poll(() => page.url()).not.toContain('delackMs');
});

test('a value the worker refuses leaves the header, the slider and the link at the value in force', async ({
  page,
}) => {
  await open(page, `/?preset=${PRESET}`);
  const knob = page.locator('[data-param="tcp.sk_pacing_shift"]');
  const header = knob.locator('.param-value');
  const before = await header.textContent();
  const slider = page.getByTestId('slider-tcp.sk_pacing_shift');
  const sliderBefore = await slider.inputValue();
  const field = knob.locator('input.num-field');
  await field.fill('7.5');
  await field.press('Enter');
  await expect(knob.locator('.param-error')).toContainText('tcp.sk_pacing_shift = 7.5 is not allowed');
  await expect(header).toHaveText(before!);
  await expect(slider).toHaveValue(sliderBefore);
  expect(await page.evaluate(() => window.__tsq!.overrides())).toEqual({});
  expect(page.url()).not.toContain('sk_pacing_shift');
});

test('panels= empty shows every chart with a notice; a second view= is named', async ({ page }) => {
  await open(page, `/?v=1&preset=${PRESET}&panels=&view=explorer&view=ab`);
  const notice = page.getByTestId('share-notice');
  await expect(notice).toContainText('names no panel, so every panel is shown');
  await expect(notice).toContainText('view = ab appears 2 times; the first value was used');
  await expect(page.locator('[data-panel]').first()).toBeVisible();
});

// A link that long never reaches the page over HTTP (servers refuse a request line of a megabyte), an attribute does.
test('<tsq-lab at> with 50,000 entries: the first 256 are read, the rest named in one notice; the figure runs', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/lib/demo.html');
  const notices = await page.evaluate(async () => {
    const el = document.createElement('tsq-lab');
    el.id = 'many-at';
    el.setAttribute('preset', 'bench-wired');
    // Played by hand: appended below the fold, it would wait to be on screen.
    el.setAttribute('autoplay', 'false');
    el.setAttribute(
      'at',
      Array.from({ length: 50_000 }, (_, i) =>
        i % 2 ? `${i}ms:tcp.sk_pacing_shift=${8 + (i % 3)}` : `bad${i}`,
      ).join('; '),
    );
    document.body.append(el);
    await new Promise<void>((r) => el.addEventListener('tsq-lab-ready', () => r(), { once: true }));
    return Array.from(el.shadowRoot!.querySelectorAll('.notice li'), (li) => li.textContent);
  });
  expect(notices).toEqual([
    expect.stringMatching(/^at = bad0: /),
    expect.stringMatching(/^at = bad2: /),
    expect.stringMatching(/^at = bad4: /),
    'at has 125 more entries that could not be read (128 in all); they were ignored',
    'at has 50000 changes, more than the 256 a link holds; the first 256 were read and the other 49744 ignored',
  ]);
  await page.evaluate(() => document.querySelector<TsqLabElement>('#many-at')!.play());
  await page.waitForFunction(() => document.querySelector<TsqLabElement>('#many-at')!.simulatedNs > 50e6);
  expect(errors).toEqual([]);
});

test('the preview server sends the headers of public/_headers, as a host that reads the file does', async ({
  request,
}) => {
  const rules = parseHeaders(readFileSync('public/_headers', 'utf8'));
  const assets = readdirSync(join(process.env.TSQ_E2E_OUTDIR ?? 'dist', 'assets'));
  const worker = assets.find((f) => /^sim\.worker-.*\.js$/.test(f))!;
  for (const path of ['/', '/index.html', '/embed.html', '/lib/tsq-lab.js', `/assets/${worker}`]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const want = headersFor(rules, path);
    expect(Object.keys(want).length, path).toBeGreaterThan(1);
    for (const [k, v] of Object.entries(want)) expect(res.headers()[k.toLowerCase()], `${path} ${k}`).toBe(v);
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers()['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  const app = (await request.get('/?v=1&preset=bench-wired')).headers();
  expect(app['x-frame-options']).toBe('SAMEORIGIN');
  expect(app['content-security-policy']).toMatch(
    /^default-src 'self'; script-src 'self';.*frame-ancestors 'self'$/,
  );
  const embed = (await request.get('/embed.html?lesson=x')).headers();
  expect(embed['content-security-policy']).toMatch(
    /^default-src 'self'; script-src 'self';.*frame-ancestors \*$/,
  );
  expect(embed['x-frame-options']).toBeUndefined();
  expect((await request.get('/lib/tsq-lab.js')).headers()['access-control-allow-origin']).toBe('*');
  // Hosts that read the file do not serve it.
  expect((await request.get('/_headers')).status()).toBe(404);
  // The pages' <meta> policy, for hosts that send no headers, is the same one without frame-ancestors.
  const html = await (await request.get('/')).text();
  const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  expect(`${meta}; frame-ancestors 'self'`).toBe(app['content-security-policy']);
});

test('embed.html names a lesson or step that does not exist, as the Learn view does', async ({ page }) => {
  const errors = collectErrors(page);
  const first = LESSONS[0];
  for (const [query, text] of [
    ['lesson=nope', 'lesson = nope is not a lesson'],
    [`lesson=${first.id}&step=1e308`, 'step = 1e308: expected 1 to'],
    [`lesson=${first.id}&step=-1`, 'step = -1: expected 1 to'],
  ]) {
    await page.goto(`/embed.html?${query}`);
    const lab = page.locator('tsq-lab');
    await expect(lab.locator('.lesson')).toHaveAttribute('data-lesson', first.id);
    const notice = lab.getByTestId('link-notices');
    await expect(notice, query).toContainText(text);
    // Still there once the step has loaded and run (the player's own notice line is cleared with each state).
    await expect(lab.locator('.lesson')).not.toHaveAttribute('data-state', 'loading', { timeout: 60_000 });
    await expect(notice, query).toBeVisible();
  }
  await page.goto(`/embed.html?lesson=${first.id}&step=1`);
  await expect(page.locator('tsq-lab').locator('.lesson')).toHaveAttribute('data-lesson', first.id);
  await expect(page.locator('tsq-lab').getByTestId('link-notices')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('<tsq-lab app-url>: javascript: and broken values are refused with a notice, never thrown into the page', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/lib/demo.html');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  await page.waitForFunction(
    () => (document.querySelector('#light') as { ready?: boolean } | null)?.ready === true,
  );
  const hrefs = await page.evaluate(async () => {
    const out: Record<string, string | null> = {};
    for (const v of ['javascript:alert(1)', 'http://[bad', '../explorer/']) {
      const el = document.createElement('tsq-lab');
      el.setAttribute('preset', 'bench-wired');
      el.setAttribute('autoplay', 'false');
      el.setAttribute('app-url', v);
      document.body.append(el);
      await new Promise<void>((r) => el.addEventListener('tsq-lab-ready', () => r(), { once: true }));
      const a = el.shadowRoot!.querySelector('a');
      out[v] = a ? a.getAttribute('href') : null;
      out[`${v} notice`] = el.shadowRoot!.textContent;
    }
    return out;
  });
  expect(hrefs['javascript:alert(1)']).not.toMatch(/^javascript:/i);
  expect(hrefs['javascript:alert(1) notice']).toContain(
    'app-url = javascript:alert(1) is a javascript: address',
  );
  expect(hrefs['http://[bad notice']).toContain('app-url = http://[bad is not an address');
  expect(hrefs['../explorer/']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/explorer\/\?v=1/);
  expect(errors).toEqual([]);
});
