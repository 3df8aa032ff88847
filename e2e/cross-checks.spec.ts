/**
 * The cross-checks in the experiments view: each one's runs fill every
 * simulated figure from the worker pool, beside the published one, and a
 * figure opens the explorer at its run. The figures' bounds are unit tests
 * (test/cross-checks/); here the page must show what the runs produced.
 */
import { test, expect } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

const CHECKS: [string, number][] = [
  ['first-tsq-commit', 4],
  ['ath9k-airtime-fairness', 6],
];

for (const [id, figures] of CHECKS) {
  test(`cross-check ${id}: the runs fill every figure`, async ({ page }) => {
    test.setTimeout(60_000);
    const errors = collectErrors(page);
    await page.goto(`/?view=experiments&exp=${id}`);
    await expect(page.getByTestId(`cross-check-${id}`)).toBeVisible();
    const sim = page.getByTestId('cross-check-simulated');
    await expect(sim).toHaveCount(figures);
    await expect(sim.first()).toHaveText('…');
    await page.getByTestId('run-sweep').click();
    await expect(page.getByTestId('sweep-progress-text')).toContainText('done', { timeout: 50_000 });
    for (const t of await sim.allInnerTexts()) expect(Number.isFinite(Number(t)), t).toBe(true);
    // Each figure is marked as the reference cells are: ✓ within 10 %, ✗ outside.
    const marks = await page.getByTestId('cross-check-mark').allInnerTexts();
    expect(marks).toHaveLength(figures);
    for (const m of marks) expect(m).toMatch(/^[✓✗]/);
    if (id === 'first-tsq-commit') expect(marks[0]).toMatch(/^✓/);
    if (id === 'first-tsq-commit') {
      // Published "< 1 ms" with TSQ on Gbit, tens of ms without.
      const [withTsq, without] = (await sim.allInnerTexts()).map(Number);
      expect(withTsq).toBeLessThan(1);
      expect(without).toBeGreaterThan(10);
    }
    // A figure opens the explorer at its run.
    await page
      .getByRole('button', { name: /^Open the run of/ })
      .nth(1)
      .click();
    await page.waitForFunction(() => window.__tsq?.ready() === true);
    if (id === 'first-tsq-commit')
      await page.waitForFunction(
        () => window.__tsq!.overrides()['tcp.tcp_limit_output_bytes'] === 64 * 1024 * 1024,
      );
    expect(errors).toEqual([]);
  });
}
