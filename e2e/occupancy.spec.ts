/**
 * Queue occupancy reads at every size: the socket's unsent backlog in a
 * strip of its own along the top (so the queues below TCP keep the plot), a
 * log scale on request, and in A/B each side at its own zoom on request
 * (shared scales stay the default).
 */
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { TsqAbHook } from '../src/app/ab/ab-hook-types';

declare const window: Window & { __tsq?: TsqTestHook; __tsqAb?: TsqAbHook };

/** The occupancy plot's y domains, one [lo, hi] per axis, top axis first. */
async function occDomains(page: Page, scope = ''): Promise<number[][]> {
  const d = await page.locator(`${scope} [data-testid=track-occupancy] .plot`).getAttribute('data-y-domains');
  return (d ?? '').split(';').map((a) => a.split(',').map(Number));
}

test('the socket backlog has its own strip and scale; the queues below TCP keep the plot; a log scale', async ({
  page,
}) => {
  const errors = collectErrors(page);
  // The first TSQ default (128 KB) under a socket holding megabytes: what why-tsq step 2 is about.
  await page.goto('/?preset=first-tsq&panels=occupancy&tcp.tcp_limit_output_bytes=131072');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.pause());
  await page.evaluate(() => window.__tsq!.step(2e9));
  await expect.poll(async () => (await occDomains(page)).length).toBe(2);
  const [socket, queues] = await occDomains(page);
  expect(socket[1], 'the strip spans the backlog').toBeGreaterThanOrEqual(1e6);
  // The queues' scale is set by the queues and the 128 KB limit, not by the megabytes above them.
  expect(queues[1]).toBeLessThan(socket[1] / 4);
  expect(queues[1]).toBeGreaterThanOrEqual(131072);
  const log = page.getByTestId('track-occupancy').getByRole('button', { name: 'log scale' });
  await log.click();
  await expect(log).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await occDomains(page))[1][0]).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('A/B: shared y scales by default, each side at its own zoom on request', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(
    '/?v=2&view=ab&preset=first-tsq&speed=max&a.tcp.tcp_limit_output_bytes=64M&b.tcp.tcp_limit_output_bytes=128K',
  );
  await page.waitForFunction(
    () => window.__tsqAb?.phase() === 'running' && window.__tsqAb.sharedNowNs() > 1.5e9,
  );
  await page.getByTestId('ab-pause').click();
  await page.waitForFunction(() => window.__tsqAb!.phase() === 'paused');
  const a = () => occDomains(page, '[data-testid=ab-side-a]');
  const b = () => occDomains(page, '[data-testid=ab-side-b]');
  await expect.poll(async () => JSON.stringify(await a()) === JSON.stringify(await b())).toBe(true);
  await page.getByTestId('ab-own-scales').check();
  await expect(page.getByTestId('ab-shared-scales')).toContainText('its own y scales');
  // B's queues (under a 128 KB limit) are read at their own zoom, far below A's.
  await expect.poll(async () => (await b())[1][1] < (await a())[1][1] / 4).toBe(true);
  expect(errors).toEqual([]);
});
