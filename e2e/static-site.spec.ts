/**
 * The built site (`npm run build` → dist/) from a sub-path of a plain static
 * server (scripts/static-serve.mjs: files, MIME types and the _headers file,
 * nothing else): the explorer plays its default preset, the embed page and
 * the demo page run the element, and every request stays under the sub-path
 * (worker URLs, assets and links between the pages are relative).
 */
import { test, expect, type Page, type Response } from '@playwright/test';
import type { Server } from 'node:http';
import { startServer } from '../scripts/static-serve.mjs';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { TsqLabElement } from '../src/embed/element-api';

declare const window: Window & { __tsq?: TsqTestHook };

const PORT = Number(process.env.TSQ_E2E_PORT ?? 4173) + 1;
const PREFIX = '/some/sub/path/';
const SITE = `http://127.0.0.1:${PORT}${PREFIX}`;
let server: Server;

test.beforeAll(async () => {
  server = await startServer({ dir: process.env.TSQ_E2E_OUTDIR ?? 'dist', prefix: PREFIX, port: PORT });
});
test.afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

/** Every response of the page from the static server; each must be under the prefix and found. */
function watchResponses(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`http://127.0.0.1:${PORT}/`)) seen.push(r);
  });
  return seen;
}

function expectAllUnderPrefix(seen: Response[]): void {
  expect(seen.length).toBeGreaterThan(0);
  for (const r of seen) {
    expect(r.url().startsWith(SITE), r.url()).toBe(true);
    expect(r.status(), r.url()).toBeLessThan(400);
  }
}

async function waitElement(page: Page, selector: string, ns: number): Promise<void> {
  await page.waitForFunction((sel) => document.querySelector<TsqLabElement>(sel)?.ready === true, selector);
  await page.waitForFunction(
    ([sel, t]) => document.querySelector<TsqLabElement>(sel as string)!.simulatedNs > (t as number),
    [selector, ns] as const,
  );
}

test('the explorer plays its default preset from a sub-path, its workers loaded from there', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const seen = watchResponses(page);
  const main = await page.goto(SITE);
  expect(main?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  const preset = await page.evaluate(() => window.__tsq!.presetId());
  expect(preset).toBe(await page.evaluate(() => window.__tsq!.presets()[0].id));
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.nowNs() > 50e6);
  const worker = seen.find((r) => /sim\.worker-[^/]+\.js$/.test(r.url()));
  expect(worker?.url()).toContain(`${PREFIX}assets/`);
  expect(worker?.headers()['content-type']).toMatch(/^text\/javascript/);
  expectAllUnderPrefix(seen);
  expect(errors).toEqual([]);
});

test('the embed page runs from a sub-path, may be framed anywhere, and links back to the app there', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const seen = watchResponses(page);
  const res = await page.goto(`${SITE}embed.html?v=1&preset=xen-tsq-limit&panels=occupancy&speed=4`);
  expect(res?.headers()['content-security-policy']).toContain('frame-ancestors *');
  await waitElement(page, 'tsq-lab', 50e6);
  await expect(page.locator('tsq-lab').getByRole('link', { name: 'Open in TSQ Lab' })).toHaveAttribute(
    'href',
    `${SITE}?v=1&preset=xen-tsq-limit&seed=1&speed=4`,
  );
  expectAllUnderPrefix(seen);
  expect(errors).toEqual([]);
});

test('the demo page shows the element in a plain HTML page from a sub-path', async ({ page }) => {
  const errors = collectErrors(page);
  const seen = watchResponses(page);
  await page.goto(`${SITE}lib/demo.html`);
  await waitElement(page, '#light', 50e6);
  const light = page.locator('#light');
  await expect(light.locator('.title')).toHaveText(/ath9k/);
  await expect(light.locator('section.chart')).toHaveCount(2);
  // The element's app link defaults to the folder above its script: the app, on the same sub-path.
  await expect(light.getByRole('link', { name: 'Open in TSQ Lab' })).toHaveAttribute(
    'href',
    new RegExp(`^${SITE.replace(/[.?/]/g, '\\$&')}\\?v=1&preset=ath9k-pacing-shift`),
  );
  const script = seen.find((r) => r.url().endsWith('/lib/tsq-lab.js'));
  expect(script?.headers()['access-control-allow-origin']).toBe('*');
  expectAllUnderPrefix(seen);
  expect(errors).toEqual([]);
});

test('an element reads a link written by a newer release: what it does not know is named, the rest plays', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(
    `${SITE}embed.html?v=99&preset=xen-tsq-limit&panels=occupancy,heatmap&tcp.tcp_limit_output_bytes=256K&tcp.future_knob=3`,
  );
  await waitElement(page, 'tsq-lab', 20e6);
  const notice = page.locator('tsq-lab .notice');
  await expect(notice).toContainText('v = 99 is a newer link version');
  await expect(notice).toContainText('unknown panel heatmap');
  await expect(notice).toContainText('tcp.future_knob');
  expect(
    await page.evaluate(() => document.querySelector('tsq-lab')!.values()['tcp.tcp_limit_output_bytes']),
  ).toBe(262144);
  expect(errors).toEqual([]);
});
