/**
 * Learn II (issue 38), one test per defect: the question comes before the
 * prose; a prediction is graded against the thread's measurement where the
 * step names one, with the simulation's answer beside it; the default embed
 * snippet loads the site's own element and shows two panels; presentation
 * mode's keys work from a link and Escape leaves it; every number on a
 * screen says which run and instant it is, with units and the kernel's
 * names; follow-one-skb's prose and labels read right; the packet path says
 * what sk_wmem_alloc counts beyond the layers; the kernel facts of the
 * lessons; and every lesson shows a kernel rule beside its live values.
 */
import { test, expect, type Page } from '@playwright/test';
import { LESSONS } from '../src/sim/lessons/index';
import config from '../playwright.config';
import { collectErrors } from './page-errors';
import { completeStep, openStep, player, waitStep } from './learn-helpers';

const E2E_PORT = Number(process.env.TSQ_E2E_PORT ?? 4173);

// The blog page of the embed test is a routed public origin; the app is on loopback (see embed.spec.ts).
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...base, args: [...(base.args ?? []), '--disable-features=LocalNetworkAccessChecks'] },
});

const stateOf = (page: Page) => page.evaluate(() => window.__tsqLearn!.state());

async function until(page: Page, states: string[]): Promise<void> {
  await page.waitForFunction((s) => s.includes(window.__tsqLearn!.state()), states, { timeout: 120_000 });
}

/** Answers the open question with the option whose label is `label`, and waits for the step's end. */
async function answer(page: Page, label: string): Promise<void> {
  await player(page).getByTestId('step-skip').click();
  await until(page, ['ask']);
  await player(page).locator('fieldset.predict label.option', { hasText: label }).locator('input').check();
  await player(page).getByTestId('predict-submit').click();
  await until(page, ['done']);
}

test('defect 2: the question comes first; what happened is told with the answer', async ({ page }) => {
  await openStep(page, 'why-tsq', 2);
  const prose = player(page).locator('.paragraphs');
  await expect(prose).toBeHidden();
  await expect(player(page).getByTestId('prose-held')).toBeVisible();
  await player(page).getByTestId('step-skip').click();
  await until(page, ['ask']);
  // Asked, and nothing of the outcome on screen: no prose, no "…" standing for its numbers.
  await expect(prose).toBeHidden();
  await expect(player(page).locator('.lesson-text')).not.toContainText('Goodput was');
  await player(page).locator('fieldset.predict input[type=radio]').first().check();
  await player(page).getByTestId('predict-submit').click();
  await until(page, ['done']);
  await expect(prose).toBeVisible();
  await expect(prose).toContainText('Goodput was');
  await expect(player(page).getByTestId('prose-held')).toBeHidden();
  await expect(player(page).locator('.paragraphs output.value[data-final=false]')).toHaveCount(0);
});

test('defect 3: a prediction is graded against the measurement, the simulation shown beside it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openStep(page, 'late-completions', 5);
  await answer(page, 'Rises by a tenth or more');
  const result = player(page).locator('.predict-result');
  // The thread measured 180 → 206 Mbit/s (+14 %): this answer is right whatever the model does.
  await expect(result).toContainText('Right.');
  await expect(result).toHaveAttribute('data-basis', 'published');
  await expect(result).toContainText('the thread measured “Rises by a tenth or more” (×1.14)');
  await expect(result).toContainText(/the simulation: “[^”]+” \(×[\d.]+\)/);
  const sim = Number((await result.textContent())!.match(/the simulation: “[^”]+” \(×([\d.]+)\)/)![1]);
  // Where the model's answer differs, the step says so.
  if (sim < 1.1) await expect(result.locator('.differs')).toContainText('differs from the measurement');
  else await expect(result.locator('.differs')).toHaveCount(0);
});

test('defect 4: the default embed snippet loads the site’s own element, two panels high', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/?preset=ath9k-pacing-shift');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.getByTestId('embed-open').click();
  const dialog = page.getByRole('dialog', { name: 'Embed this view' });
  await expect(
    dialog.getByRole('group', { name: 'Panels' }).getByRole('checkbox', { checked: true }),
  ).toHaveCount(2);
  const iframe = await dialog.getByTestId('embed-iframe-snippet').inputValue();
  const height = Number(iframe.match(/height="(\d+)"/)![1]);
  expect(height).toBeGreaterThan(450);
  expect(height).toBeLessThan(760);
  const element = await dialog.getByTestId('embed-element-snippet').inputValue();
  expect(element).toContain(`src="http://127.0.0.1:${E2E_PORT}/lib/tsq-lab.js"`);
  expect(element).not.toContain('unpkg');
  await expect(dialog.getByTestId('embed-self-host')).toContainText('unpkg.com');
  // Pasted as-is into a post elsewhere, it runs.
  const blog = await page.context().newPage();
  const errors = collectErrors(blog);
  await blog.route('http://blog.test/post.html', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Post</title><link rel="icon" href="data:,"></head><body><main><h1>A post</h1>${element}</main></body></html>`,
    }),
  );
  await blog.goto('http://blog.test/post.html');
  await blog.waitForFunction(
    () => (document.querySelector('tsq-lab') as (HTMLElement & { ready?: boolean }) | null)?.ready === true,
    null,
    { timeout: 60_000 },
  );
  await expect(blog.locator('tsq-lab section.chart')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('defect 5: presentation mode from a link: keys work before anything has focus, Escape leaves', async ({
  page,
}) => {
  await page.goto('/?view=learn&lesson=tsq-budget&step=2&present=1');
  await waitStep(page, 1);
  for (const sel of ['.topbar', '.lesson-list', '.glossary']) await expect(page.locator(sel)).toBeHidden();
  await expect(player(page).locator('.lesson.present')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await waitStep(page, 2);
  await page.keyboard.press('PageDown');
  await waitStep(page, 3);
  await page.keyboard.press('ArrowLeft');
  await waitStep(page, 2);
  expect(new URL(page.url()).searchParams.get('present')).toBe('1');
  // Focus on the page itself, outside the player: still its keys.
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Escape');
  await expect(player(page).locator('.lesson.present')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('present')).toBeNull();
  for (const sel of ['.topbar', '.lesson-list', '.glossary']) await expect(page.locator(sel)).toBeVisible();
});

test('defect 6: each number says which run and instant it is, with its unit and the kernel’s names', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openStep(page, 'tsq-budget', 1);
  await completeStep(page);
  const text = player(page).locator('.paragraphs');
  await expect(text).toContainText("the sender's last check before 3.00 s");
  await expect(text).toContainText('averaged');
  await expect(player(page).getByTestId('path-budget')).toContainText(
    /^At [\d.]+ \w+: sk_wmem_alloc .* \(this instant/,
  );
  await openStep(page, 'why-tsq', 1);
  await completeStep(page);
  await expect(text).toContainText('One CUBIC flow');
  await openStep(page, 'wifi-budget', 1);
  await completeStep(page);
  const agg = player(page).locator('.paragraphs output.value[data-src="end.medianAggregate"]');
  await expect(agg).toHaveText(/^\d+(\.\d+)? frames?$/);
  await openStep(page, 'wifi-budget', 5);
  await completeStep(page);
  await expect(text).toContainText('measured from the start instead of from a change');
  await openStep(page, 'why-tsq', 3);
  await completeStep(page);
  await expect(text).not.toContainText('never waits for long');
});

test('defect 7: follow one skb reads as prose, and a sequence number is a number', async ({ page }) => {
  test.setTimeout(150_000);
  await openStep(page, 'why-tsq', 4);
  // While the run warms up, its medians are still to come: never "not measured" in a sentence.
  await player(page).getByTestId('step-run').click();
  await page.waitForFunction(() => window.__tsqLearn!.nowNs() > 0.5e9, null, { timeout: 30_000 });
  await expect(player(page).locator('.paragraphs')).not.toContainText('not measured');
  await completeStep(page);
  await expect(player(page).locator('.paragraphs')).not.toContainText('not measured');
  const completion = player(page).locator('.paragraphs output.value[data-src="end.medianCompletionUs"]');
  expect(Number(await completion.getAttribute('data-value'))).toBeGreaterThan(0);
  const labels = await player(page).getByTestId('follow-select').locator('option').allTextContents();
  const skbs = labels.filter((l) => l.startsWith('skb '));
  expect(skbs.length).toBeGreaterThan(0);
  for (const l of skbs) expect(l).toMatch(/^skb \d+ · seq \d+ · /);
});

test('defect 9: the packet path says what sk_wmem_alloc counts beyond the layers, from the run', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openStep(page, 'wifi-budget', 3);
  await answer(page, 'More than doubles');
  const note = player(page).getByTestId('wmem-gap');
  await expect(note).toBeVisible();
  await expect(note).toContainText('counts truesize');
  await expect(note).toContainText('TX status');
  const [wmem, layers, gap] = (await note.textContent())!
    .match(/of its ([\d.]+\s?[KMG]?).*hold ([\d.]+\s?[KMG]?) .*other ([\d.]+\s?[KMG]?) /)!
    .slice(1)
    .map((x) => {
      const m = x.trim().match(/^([\d.]+)\s?([KMG]?)$/)!;
      return Number(m[1]) * { '': 1, K: 1024, M: 2 ** 20, G: 2 ** 30 }[m[2]]!;
    });
  expect(gap).toBeGreaterThan(0.1 * wmem);
  expect(Math.abs(wmem - layers - gap)).toBeLessThan(0.03 * wmem + 2048);
  // The explorer's packet path says the same under its TSQ gauge.
  await page.goto('/?preset=ath9k-pacing-shift&tcp.sk_pacing_shift=8');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.nowNs() > 3e9, null, { timeout: 90_000 });
  await page.evaluate(() => window.__tsq!.pause());
  await expect(page.locator('.packet-path').getByTestId('wmem-gap')).toContainText('counts truesize');
});

test('defect 13: the kernel facts the lessons state', async ({ page }) => {
  test.setTimeout(150_000);
  await openStep(page, 'tsq-budget', 1);
  await completeStep(page);
  const text = player(page).locator('.paragraphs');
  await expect(text).not.toContainText('Since Linux 3.12 tcp_small_queue_check');
  await expect(text).toContainText('Linux 4.16 replaced');
  await expect(text).toContainText('bytes per second');
  await expect(text.locator('output[data-src="end.tsqBudget.pacingRateBps / 8"]')).toHaveText(/B\/s$/);
  await openStep(page, 'where-queue', 2);
  await completeStep(page);
  await expect(text).toContainText('its own queue per station and TID');
  await expect(text).not.toContainText('one queue per TID shared by everything');
  await openStep(page, 'why-tsq', 3);
  await completeStep(page);
  await expect(text).not.toContainText('TSQ does not count packets in the qdisc');
  const glossary = page.locator('.glossary');
  await expect(glossary).toContainText('tcp_update_pacing_rate');
  await expect(glossary).not.toContainText('twice the delivery rate in slow start');
});

test('the rule beside its live values: one step of every lesson, its values from the run', async ({
  page,
}) => {
  test.setTimeout(LESSONS.length * 60_000);
  for (const lesson of LESSONS) {
    const i = lesson.steps.findIndex((s) => s.rule);
    expect(i, `${lesson.id} has a step with a kernel rule`).toBeGreaterThanOrEqual(0);
    await openStep(page, lesson.id, i + 1);
    const rule = player(page).getByTestId('kernel-rule');
    await expect(rule).toBeVisible();
    await expect(rule.getByTestId('rule-link')).toHaveAttribute('href', /#L\d+$/);
    await completeStep(page);
    const values = await rule.locator('output.rule-value').allTextContents();
    expect(values.length, lesson.id).toBeGreaterThan(1);
    for (const v of values) expect(v, lesson.id).not.toMatch(/^(…|–|not measured)$/);
  }
});

// Flaky on CI: on one clean-clone run the observer saw a single pair of values, as if the player
// rebuilt the rule's outputs at Run; to be made deterministic (watch the rebuilt element) before it counts.
test('the rule’s values are rewritten while the run moves, and end on the run’s summary', async ({
  page,
}) => {
  await openStep(page, 'tsq-budget', 1);
  // Every write of the two outputs is logged from before Run, with the player's state and the
  // simulated time it was made at, so a run that ends before the test reads it is still seen.
  // The kernel queues a mutation record for every attribute write, equal value or not, so a
  // steady value still shows as rewritten.
  await player(page)
    .locator('.kernel-rule')
    .evaluate((rule) => {
      type Rec = { state: string; nowNs: number; vals: string[] };
      const log: Rec[] = [];
      (window as unknown as { __ruleLog: Rec[] }).__ruleLog = log;
      const srcs = ['now.tsqBudget.limitBytes', 'now.tsqBudget.pacingRateBps / 8'];
      new MutationObserver((records) => {
        if (!records.some((r) => r.attributeName === 'data-value')) return;
        const vals = srcs.map(
          (src) =>
            rule.querySelector(`output.rule-value[data-src="${src}"]`)?.getAttribute('data-value') ?? '',
        );
        log.push({ state: window.__tsqLearn!.state(), nowNs: window.__tsqLearn!.nowNs(), vals });
      }).observe(rule, { subtree: true, attributes: true, attributeFilter: ['data-value'] });
    });
  await player(page).getByTestId('step-run').click();
  await until(page, ['done']);
  const log = await page.evaluate(
    () => (window as unknown as { __ruleLog: { state: string; nowNs: number; vals: string[] }[] }).__ruleLog,
  );
  const live = log.filter((r) => r.state === 'running' && r.vals.every((v) => v !== ''));
  expect(live.length, 'the rule shows the run’s values while it runs').toBeGreaterThan(0);
  expect(
    new Set(live.map((r) => r.nowNs)).size,
    'rewritten at more than one moment of the run',
  ).toBeGreaterThan(1);
  const end = (await page.evaluate(() => window.__tsqLearn!.marks()))['end'];
  const limit = player(page).locator('.kernel-rule output.rule-value[data-src="now.tsqBudget.limitBytes"]');
  await expect(limit).toHaveAttribute('data-value', String(end.tsqBudget!.limitBytes));
  expect(await stateOf(page)).not.toBe('error');
});

test('defect 14: an account’s figures about the simulation come from the runs the page makes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/?view=experiments&exp=ath9k-intermediate-queues');
  const summary = page.getByTestId('gaps-summary');
  // Nothing typed in: before the table runs, its figures are still to come.
  await expect(summary).toContainText('…');
  await page.getByTestId('duration').selectOption('500');
  await page.getByTestId('run-sweep').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  await expect(summary).not.toContainText('…');
  await expect(page.getByTestId('gaps').locator('li')).not.toContainText(['…']);
  // The slow station's ping in the text is the table's simulated cell.
  const cell = page.locator('[data-testid="sim-cell-ping/pfifo_fast/slow"]');
  const ms = Number(await cell.getAttribute('data-value'));
  expect(ms).toBeGreaterThan(0);
  await expect(summary).toContainText(
    `slow station’s ping is ${Number(ms.toPrecision(3))} ms with pfifo_fast`,
  );
});

test('the teacher’s page: a 50-minute plan, each question’s expected answer from the run, one printed page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?view=learn&lesson=late-completions&teacher=1');
  const tp = page.getByTestId('teacher-page');
  await expect(tp).toHaveAttribute('data-ready', 'true', { timeout: 150_000 });
  const lesson = LESSONS.find((l) => l.id === 'late-completions')!;
  await expect(tp.locator('a[href*="view=learn"]')).toHaveCount(lesson.steps.length);
  await expect(tp.locator('.teacher-plan > li').last()).toContainText('–50 min');
  // Graded against the thread where the step says so: FC 2, shift 10 → 8 measured +14 %.
  const q5 = tp.getByTestId('teacher-step-5').getByTestId('teacher-answer');
  await expect(q5).toHaveAttribute('data-basis', 'published');
  await expect(q5).toContainText('Rises by a tenth or more');
  // The estimate's answer is the class's run's number.
  await expect(tp.getByTestId('teacher-step-3').getByTestId('teacher-answer')).toContainText(
    /[\d.]+ Gbit\/s/,
  );
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.topbar')).toBeHidden();
  await expect(page.locator('.lesson-list')).toBeHidden();
  const pdf = (
    await page.pdf({ format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } })
  ).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
});
