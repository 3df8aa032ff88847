/**
 * The Learn view for every reader: one lesson completed with the keyboard
 * alone; axe-core finds no serious violation (with a prediction asked and a
 * glossary definition open); at phone width the text and the figure are
 * both on screen; presentation mode steps with the keyboard; a first visit
 * to the explorer cues Play and offers the first lesson; a lesson step
 * embedded as <tsq-lab lesson step> and through the iframe page.
 */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { LESSONS } from '../src/sim/lessons/index';
import { collectErrors } from './page-errors';
import { expectValuesFromRun, openStep, player, waitStep } from './learn-helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The focused element's test id (through shadow roots). */
async function focusedId(page: Page): Promise<string> {
  return page.evaluate(() => {
    let e: Element | null = document.activeElement;
    while (e?.shadowRoot?.activeElement) e = e.shadowRoot.activeElement;
    const h = e as HTMLElement | null;
    return h?.dataset.testid ?? (h instanceof HTMLInputElement ? `input:${h.type}` : (h?.tagName ?? ''));
  });
}

/** Presses Tab until the element with `id` has focus. */
async function tabTo(page: Page, id: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedId(page)) === id) return;
  }
  throw new Error(`Tab never reached ${id}`);
}

const stateOf = (page: Page) => page.evaluate(() => window.__tsqLearn!.state());

test('one lesson completed with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const lesson = LESSONS[0];
  await openStep(page, lesson.id, 1);
  for (let i = 0; i < lesson.steps.length; i++) {
    await waitStep(page, i);
    for (let k = 0; k < 6 && (await stateOf(page)) !== 'done'; k++) {
      const s = await stateOf(page);
      if (s === 'ask') {
        const choice = await player(page).locator('fieldset.predict input[type=radio]').count();
        if (choice) {
          await tabTo(page, 'input:radio');
          await page.keyboard.press('Space');
        } else {
          await tabTo(page, 'input:range');
          await page.keyboard.press('ArrowLeft');
        }
        await tabTo(page, 'predict-submit');
        await page.keyboard.press('Enter');
      } else if (s === 'ready') {
        await tabTo(page, 'step-skip');
        await page.keyboard.press('Enter');
      }
      await page.waitForFunction(
        (p) => window.__tsqLearn!.state() !== p && window.__tsqLearn!.state() !== 'running',
        s,
        {
          timeout: 60_000,
        },
      );
    }
    expect(await stateOf(page)).toBe('done');
    await expectValuesFromRun(page);
    if (i + 1 < lesson.steps.length) {
      await tabTo(page, 'step-next');
      await page.keyboard.press('Enter');
    }
  }
  expect(await page.evaluate(() => window.__tsqLearn!.stepIndex())).toBe(lesson.steps.length - 1);
});

test('axe-core: no serious violation on the Learn view, with a question asked and a definition open', async ({
  page,
}) => {
  await openStep(page, 'why-tsq', 5);
  await player(page).getByTestId('step-skip').click();
  await page.waitForFunction(() => window.__tsqLearn!.state() === 'ask');
  const term = player(page).locator('button.term').first();
  await term.focus();
  await expect(player(page).locator('[role=tooltip]:not([hidden])')).toHaveCount(1);
  for (const [what, dark] of [
    ['light', false],
    ['dark', true],
  ] as const) {
    if (dark) await page.getByTestId('theme-toggle').click();
    const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(r.passes.length).toBeGreaterThan(10);
  }
  // Escape hides the definition again.
  await term.focus();
  await page.keyboard.press('Escape');
  await expect(player(page).locator('[role=tooltip]:not([hidden])')).toHaveCount(0);
});

test('at phone width the lesson text and its figure are both on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openStep(page, 'wifi-budget', 1);
  await player(page).getByTestId('step-skip').click();
  await page.waitForFunction(() => window.__tsqLearn!.state() === 'done');
  const text = await player(page).locator('.paragraphs p').first().boundingBox();
  const chart = await player(page).locator('.charts canvas').first().boundingBox();
  for (const [what, b] of [
    ['text', text],
    ['chart', chart],
  ] as const) {
    expect(b, what).not.toBeNull();
    expect(b!.y, `${what} top`).toBeGreaterThanOrEqual(0);
    expect(b!.y + Math.min(b!.height, 60), `${what} on screen`).toBeLessThanOrEqual(844);
    expect(b!.x + b!.width, `${what} within the width`).toBeLessThanOrEqual(391);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('presentation mode: a link opens it, the keys step, the link to a step keeps it', async ({ page }) => {
  await page.goto('/?view=learn&lesson=tsq-budget&step=2&present=1');
  await waitStep(page, 1);
  await expect(player(page).locator('.lesson.present')).toHaveCount(1);
  await expect(player(page).locator('.charts .chart')).toHaveCount(1);
  await player(page).locator('.step-title').focus();
  await page.keyboard.press('ArrowRight');
  await waitStep(page, 2);
  expect(new URL(page.url()).searchParams.get('step')).toBe('3');
  expect(new URL(page.url()).searchParams.get('present')).toBe('1');
  await page.keyboard.press('PageUp');
  await waitStep(page, 1);
  await page.keyboard.press('Escape');
  await expect(player(page).locator('.lesson.present')).toHaveCount(0);
  await expect(player(page).getByTestId('step-link')).toHaveAttribute('href', /lesson=tsq-budget&step=2$/);
});

test('a first visit: the explorer cues Play and offers the first lesson', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await expect(page.locator('.app[data-cue=play]')).toHaveCount(1);
  await expect(page.getByTestId('first-visit')).toContainText(LESSONS[0].title);
  await page.getByTestId('first-visit-lesson').click();
  await waitStep(page, 0);
  expect(new URL(page.url()).searchParams.get('view')).toBe('learn');
  expect(await page.evaluate(() => window.__tsqLearn!.lessonId())).toBe(LESSONS[0].id);
  // Dismissed once, it stays away.
  await page.goto('/');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await expect(page.getByTestId('first-visit')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a lesson step embedded: the <tsq-lab lesson step> element and the iframe page', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await page.goto('/embed.html?lesson=wifi-budget&step=3&tcp.sk_pacing_shift=9');
  const lab = page.locator('tsq-lab');
  await expect(lab.locator('.step-title')).toContainText('Step 3 of 7');
  await expect(lab.locator('.lesson-steps')).toBeHidden();
  await lab.getByTestId('step-skip').click();
  await lab.locator('fieldset.predict input[type=radio]').first().check();
  await lab.getByTestId('predict-submit').click();
  await expect(lab.locator('.lesson')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(lab.locator('.paragraphs output.value[data-final=false]')).toHaveCount(0);
  await expect(lab.getByTestId('step-link')).toHaveAttribute(
    'href',
    /view=learn&lesson=wifi-budget&step=3&tcp\.sk_pacing_shift=9/,
  );
  expect(errors).toEqual([]);
});
