import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/wt/learn/scripts/chromium';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const errors: string[] = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
const url = process.argv[2] ?? 'http://127.0.0.1:4381/?view=learn&lesson=why-tsq&step=2';
await page.goto(url);
const st = () => page.evaluate(() => (window as any).__tsqLearn.state());
await page.waitForFunction(() => ['ready','ask'].includes((window as any).__tsqLearn?.state()), null, { timeout: 30000 });
for (let i = 0; i < 6; i++) {
  const s = await st();
  console.log('state', s, await page.evaluate(() => (window as any).__tsqLearn.nowNs()));
  if (s === 'done') break;
  if (s === 'ask') {
    const radio = page.locator('tsq-lab, [data-testid=lesson-player]').locator('input[type=radio]').first();
    if (await radio.count()) await radio.check();
    await page.getByTestId('predict-submit').click();
  } else if (s === 'ready') await page.getByTestId('step-skip').click();
  await page.waitForFunction((prev) => (window as any).__tsqLearn.state() !== prev && (window as any).__tsqLearn.state() !== 'running', s, { timeout: 60000 }).catch(() => {});
}
await page.screenshot({ path: '/tmp/learn2.png' });
console.log(errors.join('\n'));
await browser.close();
