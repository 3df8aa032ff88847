/**
 * Takes the README screenshots of the explorer (needs `npx vite build` and a
 * running `npm run preview`): the ath9k preset after sk_pacing_shift 10 → 8.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const url = process.env.TSQ_URL ?? 'http://127.0.0.1:4173/';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
for (const [name, width, height] of [
  ['explorer-wide', 1440, 1300],
  ['explorer-phone', 390, 1800],
] as const) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(url);
  await page.waitForFunction(() => (window as { __tsq?: { ready(): boolean } }).__tsq?.ready() === true);
  await page.getByTestId('speed').selectOption('4');
  await page.evaluate(() => (window as unknown as { __tsq: { play(): void } }).__tsq.play());
  await page.waitForFunction(
    () => (window as unknown as { __tsq: { nowNs(): number } }).__tsq.nowNs() > 4e9,
    null,
    { timeout: 60_000 },
  );
  await page.evaluate(() =>
    (window as unknown as { __tsq: { setParam(k: string, v: number): Promise<unknown> } }).__tsq.setParam(
      'tcp.sk_pacing_shift',
      8,
    ),
  );
  await page.waitForFunction(
    () => (window as unknown as { __tsq: { nowNs(): number } }).__tsq.nowNs() > 7e9,
    null,
    { timeout: 60_000 },
  );
  await page.evaluate(() => (window as unknown as { __tsq: { pause(): void } }).__tsq.pause());
  await page.screenshot({ path: `docs/${name}.png`, fullPage: name === 'explorer-phone' ? false : true });
  await page.close();
}
await browser.close();
