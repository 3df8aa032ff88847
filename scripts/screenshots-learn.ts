/**
 * Takes the README screenshots of the Learn view (needs `npx vite build` and a
 * running `npm run preview`, or TSQ_URL): a lesson step with its prediction
 * answered beside what the run did, and one skb followed through the layers
 * in slow motion. The explorer's are taken by scripts/screenshots.ts.
 */
import { chromium, type Page } from '@playwright/test';
import type { TsqLearnHook } from '../src/app/learn/learn-hook-types';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

declare const window: Window & { __tsqLearn?: TsqLearnHook };

const url = process.env.TSQ_URL ?? 'http://127.0.0.1:4173/';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

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

await browser.close();
