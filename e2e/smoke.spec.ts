import { test, expect } from '@playwright/test';

test('the worker runs the engine: pressing play advances the simulated clock', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  const clock = page.getByTestId('clock');
  await expect(clock).toHaveText(/0\.000 ms/);
  await page.getByTestId('play').click();
  await expect.poll(async () => parseFloat((await clock.textContent()) ?? '0')).toBeGreaterThan(1);
  const a = parseFloat((await clock.textContent()) ?? '0');
  await page.waitForTimeout(300);
  const b = parseFloat((await clock.textContent()) ?? '0');
  expect(b).toBeGreaterThan(a);
  expect(errors).toEqual([]);
});
