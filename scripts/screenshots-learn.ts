/**
 * Takes the README screenshots of the Learn view (needs `npx vite build` and a
 * running `npm run preview`, or TSQ_URL): a lesson step with its prediction
 * answered beside what the run did, one step of every lesson (its kernel
 * rule with the run's values where it has one), one skb followed through the
 * layers in slow motion, presentation mode, and a lesson step embedded in a
 * blog post at 1440 and 390 px. The explorer's are taken by scripts/screenshots.ts.
 */
import { chromium, type Page } from '@playwright/test';
import type { TsqLearnHook } from '../src/app/learn/learn-hook-types';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

declare const window: Window & { __tsqLearn?: TsqLearnHook };

const url = process.env.TSQ_URL ?? 'http://127.0.0.1:4173/';
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'],
});

/** Opens a lesson step and waits until it can be played or answered. */
async function openStep(page: Page, lesson: string, step: number): Promise<void> {
  await page.goto(new URL(`?view=learn&lesson=${lesson}&step=${step}`, url).href);
  await page.waitForFunction(
    (i) => window.__tsqLearn?.stepIndex() === i && ['ready', 'ask'].includes(window.__tsqLearn.state()),
    step - 1,
    { timeout: 60_000 },
  );
}

const player = (page: Page) => page.getByTestId('lesson-player');

// A prediction step: the reader's answer, then the run beside it.
{
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await openStep(page, 'why-tsq', 2);
  await player(page).getByTestId('step-skip').click();
  await page.waitForFunction(() => window.__tsqLearn!.state() === 'ask', null, { timeout: 60_000 });
  await player(page).locator('fieldset.predict input[type=radio]').first().check();
  await player(page).getByTestId('predict-submit').click();
  await page.waitForFunction(() => window.__tsqLearn!.state() === 'done', null, { timeout: 120_000 });
  await page.screenshot({ path: 'docs/lesson-step.png' });
  await page.close();
}

// Follow one skb: a few hops down from tcp_write_xmit, drawn on the packet path and the timeline.
{
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await openStep(page, 'why-tsq', 4);
  await player(page).getByTestId('step-skip').click();
  await page.waitForFunction(() => window.__tsqLearn!.nowNs() >= 2.0e9, null, { timeout: 60_000 });
  if ((await page.evaluate(() => window.__tsqLearn!.state())) === 'running')
    await player(page).getByTestId('step-run').click();
  const start = player(page).getByTestId('follow-start');
  if (await start.isEnabled()) await start.click();
  await player(page).getByTestId('follow-next').click();
  await page.waitForFunction(() => window.__tsqLearn!.followed() !== null, null, { timeout: 60_000 });
  const hop = player(page).getByTestId('follow-hop');
  const hops = () =>
    page.evaluate(() => {
      const h = window.__tsqLearn!;
      const id = h.followed();
      return id === null ? 0 : h.path(id).length;
    });
  // Hop by hop until it is on the wire (tcp_write_xmit, qdisc in and out, driver, wire).
  for (let i = 0; i < 8 && (await hops()) < 5; i++) {
    await hop.click();
    await player(page).locator('[data-testid=follow-hop]:enabled').waitFor({ timeout: 60_000 });
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'docs/follow-skb.png' });
  await page.close();
}

/** Skips to the end of a step, answering its question with the first option on the way. */
async function finish(page: Page): Promise<void> {
  for (let i = 0; i < 6; i++) {
    const s = await page.evaluate(() => window.__tsqLearn!.state());
    if (s === 'done') return;
    if (s === 'ask') {
      const radio = player(page).locator('fieldset.predict input[type=radio]').first();
      if (await radio.count()) await radio.check();
      await player(page).getByTestId('predict-submit').click();
    } else if (s === 'ready') await player(page).getByTestId('step-skip').click();
    await page.waitForFunction((p) => window.__tsqLearn!.state() !== p, s, { timeout: 120_000 });
    await page.waitForFunction(() => window.__tsqLearn!.state() !== 'running', null, { timeout: 120_000 });
  }
}

// One step of every lesson: the one with its kernel rule beside the run's values.
for (const [lesson, step] of [
  ['why-tsq', 3],
  ['tsq-budget', 1],
  ['wifi-budget', 2],
  ['late-completions', 2],
  ['gso-cpu', 1],
  ['where-queue', 3],
] as const) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
  await openStep(page, lesson, step);
  await finish(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `docs/lesson-${lesson}.png` });
  await page.close();
}

// Presentation mode, opened from a link: the lesson and its chart alone.
{
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(new URL('?view=learn&lesson=wifi-budget&step=3&present=1', url).href);
  await page.waitForFunction(() => ['ready', 'ask'].includes(window.__tsqLearn?.state() ?? ''), null, {
    timeout: 60_000,
  });
  await finish(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: 'docs/lesson-present.png' });
  await page.close();
}

// A lesson step in a blog post, through the element snippet, wide and on a phone.
for (const [width, name] of [
  [1440, 'embed-post-wide'],
  [390, 'embed-post-phone'],
] as const) {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 1100 : 1500 } });
  const script = new URL('lib/tsq-lab.js', url).href;
  await page.route('http://blog.test/post.html', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Why WiFi needs a bigger TSQ budget</title><style>body{font:17px/1.6 Georgia,serif;margin:0;padding:24px 16px;color:#222;background:#fdfcf8}main{max-width:760px;margin:0 auto}h1{font-size:28px;line-height:1.25}</style></head><body><main><h1>Why WiFi needs a bigger TSQ budget</h1><p>A single TCP flow over ath9k gets far less than the link can carry until the driver asks TSQ for more room. Try it: predict, then run.</p><script type="module" src="${script}"></script><tsq-lab lesson="wifi-budget" step="3"></tsq-lab><p>The aggregates grow with the budget, and so does the ping.</p></main></body></html>`,
    }),
  );
  await page.goto('http://blog.test/post.html');
  const lab = page.locator('tsq-lab');
  await lab.getByTestId('step-skip').click();
  await lab.locator('fieldset.predict input[type=radio]').last().check();
  await lab.getByTestId('predict-submit').click();
  await expectDone(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `docs/${name}.png`, fullPage: width < 500 });
  await page.close();
}

async function expectDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('tsq-lab')?.shadowRoot?.querySelector('.lesson')?.getAttribute('data-state') ===
      'done',
    null,
    { timeout: 120_000 },
  );
}

await browser.close();
