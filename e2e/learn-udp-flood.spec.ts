/**
 * The udp-flood lesson end to end: each step asks its prediction before it
 * runs and shows none of the run's numbers until it is answered; once
 * answered and run, every number its prose shows is the run's (or its
 * comparison run's); and the explorer shows the UDP flow and the UDP probe
 * of the same scene in its summary tables, from the core's summary, and in
 * A/B's difference table over the leaf; and the Experiments view links the
 * scene to the lesson.
 */
import { test, expect } from '@playwright/test';
import { findLesson } from '../src/sim/lessons/index';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { TsqLearnHook } from '../src/app/learn/learn-hook-types';
import type { TsqAbHook } from '../src/app/ab/ab-hook-types';
import { collectErrors } from './page-errors';
import { completeStep, expectValuesFromRun, openStep, player, waitStep } from './learn-helpers';

declare const window: Window & { __tsq?: TsqTestHook; __tsqLearn?: TsqLearnHook; __tsqAb?: TsqAbHook };

const lesson = findLesson('udp-flood')!;
const PROBE = JSON.stringify([
  { name: 'UDP BE', intervalMs: 200, packetBytes: 60, startMs: 0, stopMs: null },
]);

test('lesson udp-flood: predictions before the runs, then numbers from the runs', async ({ page }) => {
  test.setTimeout(lesson.steps.length * 90_000);
  const errors = collectErrors(page);
  await openStep(page, 'udp-flood', 1);
  const srcs: string[] = [];
  for (let i = 0; i < lesson.steps.length; i++) {
    await waitStep(page, i);
    await expect(player(page).locator('.step-title')).toContainText(lesson.steps[i].title);
    // Asked first: the prose and its numbers stay hidden until the answer is in.
    expect(await page.evaluate(() => window.__tsqLearn!.state())).toBe('ask');
    await expect(player(page).locator('fieldset.predict input[type=radio]')).toHaveCount(
      lesson.steps[i].predict!.kind === 'choice'
        ? (lesson.steps[i].predict as { options: unknown[] }).options.length
        : 0,
    );
    await expect(player(page).locator('.paragraphs output.value')).toHaveCount(0);
    const { asked } = await completeStep(page);
    expect(asked).toBe(true);
    await expect(player(page).locator('.predict-result')).toContainText(/simulation/);
    const shown = await expectValuesFromRun(page);
    // Every step quotes the UDP probe; the A/B steps quote their comparison runs.
    expect(shown.some((v) => v.src.startsWith('end.udpProbes.0.'))).toBe(true);
    if (lesson.steps[i].compare) expect(shown.some((v) => v.src.startsWith('compare.'))).toBe(true);
    srcs.push(...shown.map((v) => v.src));
    if (i + 1 < lesson.steps.length) await player(page).getByTestId('step-next').click();
  }
  // The flood's own figures (iperf3's server report) are quoted where it runs.
  expect(srcs.some((v) => v.startsWith('end.udp.0.'))).toBe(true);
  expect(errors).toEqual([]);
});

test('the explorer shows the flood and the UDP probe as iperf3 and irtt report them', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(
    `/?v=1&preset=udp-flood-pfifo-vs-fq-codel&udpProbes=${encodeURIComponent(PROBE)}&router.shaper.leaf=fq_codel&router.qdisc.kind=fq_codel`,
  );
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.getByTestId('speed').selectOption('4');
  await page.evaluate(() => window.__tsq!.play());
  // Past the 3 s warm-up and a few probes.
  await page.waitForFunction(() => window.__tsq!.nowNs() >= 5e9, null, { timeout: 80_000 });
  await page.evaluate(() => window.__tsq!.pause());
  await expect
    .poll(
      async () => page.evaluate(async () => (await window.__tsq!.summary())?.udpProbes?.[0]?.received ?? 0),
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(0);
  const s = (await page.evaluate(async () => window.__tsq!.summary()))!;
  const probe = page.getByTestId('udp-probe-table').locator('tbody tr');
  await expect(probe).toHaveCount(1);
  await expect(probe.locator('th')).toHaveText('Ping (ms) UDP BE');
  await expect
    .poll(async () => Number.parseFloat((await probe.locator('td').first().textContent()) ?? ''))
    .toBeCloseTo(s.udpProbes![0].rttMs.mean, 0);
  const flood = page.getByTestId('udp-table').locator('tbody tr');
  await expect(flood).toHaveCount(1);
  await expect(flood.locator('th')).toHaveText(s.udp![0].name);
  expect(errors).toEqual([]);
});

test('Experiments links the flood’s free-play scene to its lesson', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/?view=experiments');
  const link = page.getByTestId('lesson-link-udp-flood');
  await expect(link).toContainText(lesson.title);
  await link.click();
  await waitStep(page, 0);
  expect(await page.evaluate(() => window.__tsqLearn!.lessonId())).toBe('udp-flood');
  await expect(player(page).locator('.step-title')).toContainText(lesson.steps[0].title);
  expect(errors).toEqual([]);
});

test('A/B over the leaf: the difference table has the UDP probe’s RTT and the flood’s loss', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await page.goto(`/?v=1&preset=udp-flood-pfifo-vs-fq-codel&udpProbes=${encodeURIComponent(PROBE)}`);
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.getByTestId('view-ab').click();
  await page.getByTestId('ab-param').selectOption('router.shaper.leaf');
  await page.getByTestId('ab-value-a').selectOption('pfifo');
  await page.getByTestId('ab-value-b').selectOption('fq_codel');
  await page.getByTestId('ab-start').click();
  // Past the 3 s warm-up and a few probes on both sides.
  await page.waitForFunction(
    () => window.__tsqAb?.phase() === 'running' && window.__tsqAb.sharedNowNs() > 5e9,
    null,
    { timeout: 100_000 },
  );
  const row = (label: string) =>
    page.getByTestId('ab-diff').locator('tr', { has: page.locator(`th:text-is("${label}")`) });
  await expect(row('UDP probe RTT (median)')).toHaveCount(1);
  await expect(row('UDP flow loss')).toHaveCount(1);
  // pfifo (A) against fq_codel (B): the probe waits behind the flood in one, not the other.
  await expect
    .poll(async () => {
      const [a, b] = (await row('UDP probe RTT (median)').locator('td').allTextContents()).map((t) =>
        Number.parseFloat(t),
      );
      return a > 5 * b;
    })
    .toBe(true);
  expect(errors).toEqual([]);
});
