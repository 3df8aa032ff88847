import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/wt/learn/scripts/chromium';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto('http://127.0.0.1:4381/?view=learn&lesson=wifi-budget&step=1');
await page.waitForTimeout(5000);
console.log(await page.evaluate(`(() => {
  const out = [];
  function walk(root) {
    for (const e of Array.from(root.querySelectorAll('*'))) {
      const r = e.getBoundingClientRect();
      if (r.right > 392 && r.width > 0) out.push(e.tagName + '.' + e.className + ' ' + Math.round(r.left) + '-' + Math.round(r.right));
      if (e.shadowRoot) walk(e.shadowRoot);
    }
  }
  walk(document);
  return out.slice(0, 30).join('\\n');
})()`));
await page.goto('http://127.0.0.1:4381/');
await page.waitForTimeout(4000);
await page.getByTestId('first-visit-lesson').click();
await page.waitForTimeout(4000);
console.log(page.url(), await page.evaluate(() => JSON.stringify({ s: (window as any).__tsqLearn?.state(), i: (window as any).__tsqLearn?.stepIndex(), e: (window as any).__tsqLearn?.error() })));
await browser.close();
