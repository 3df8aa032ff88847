import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/wt/learn/scripts/chromium';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const ev = (s: string) => page.evaluate(s);
const P = page.getByTestId('lesson-player');
await page.goto('http://127.0.0.1:4381/?view=learn&lesson=where-queue&step=4');
for (let i = 0; i < 100 && (await ev(`window.__tsqLearn?.state()`)) !== 'ready'; i++) await page.waitForTimeout(200);
await P.getByTestId('step-skip').click();
for (let i = 0; i < 200 && (await ev(`window.__tsqLearn.nowNs()`)) < 2.5e9; i++) await page.waitForTimeout(50);
await P.getByTestId('step-run').click();
await P.getByTestId('follow-start').click();
await P.getByTestId('follow-next').click();
for (let i = 0; i < 100 && (await ev(`window.__tsqLearn.followed()`)) === null; i++) await page.waitForTimeout(200);
for (let k = 0; k < 14; k++) {
  await P.getByTestId('follow-hop').click();
  await page.waitForTimeout(500);
  console.log(await ev(`(() => { const h = window.__tsqLearn; const id = h.followed(); const p = h.path(id); const l = p[p.length-1]; return JSON.stringify({ id, n: p.length, segs: p.map(x=>x.seg+":"+x.kind).join(" "), now: h.nowNs(), state: h.state() }); })()`), await P.locator('.stage.here-now').getAttribute('data-layer').catch(() => 'none'));
}
await browser.close();
