import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/wt/learn/scripts/chromium';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.goto('http://127.0.0.1:4381/?view=learn&lesson=wifi-budget&step=1');
for (let i = 0; i < 100 && (await page.evaluate(`window.__tsqLearn?.state()`)) !== 'ready'; i++) await page.waitForTimeout(200);
await page.getByTestId('lesson-player').getByTestId('follow-start').click();
await page.getByTestId('lesson-player').getByTestId('follow-next').click();
for (let i = 0; i < 100 && (await page.evaluate(`window.__tsqLearn.followed()`)) === null; i++) await page.waitForTimeout(200);
for (let k = 0; k < 12; k++) { await page.getByTestId('lesson-player').getByTestId('follow-hop').click(); await page.waitForTimeout(300); }
console.log(await page.evaluate(`(() => { const h = window.__tsqLearn; const id = h.followed(); const p = h.path(id); const s = h.samples('occ.driver'); return JSON.stringify({ id, p, n: s.t.length, t: s.t.slice(-20), v: s.v.slice(-20), now: h.nowNs() }); })()`));
await browser.close();
