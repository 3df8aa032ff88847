/**
 * The Learn view end to end: every lesson walked from its first step to its
 * last, each prediction answered, each step's numbers checked against the
 * run's own summaries; and each step run again with one parameter changed
 * through its link, whose numbers must then change and still be the run's.
 */
import { test, expect } from '@playwright/test';
import { LESSONS } from '../src/sim/lessons/index';
import { collectErrors } from './page-errors';
import {
  completeStep,
  expectValuesFromRun,
  openStep,
  player,
  waitStep,
  type ShownValue,
} from './learn-helpers';

/** One parameter per step to change through the link, chosen to move the step's numbers. */
const VARY: Record<string, [string, string][]> = {
  'why-tsq': [
    ['link.rateBps', '100M'],
    ['link.rateBps', '100M'],
    ['tcp.tcp_limit_output_bytes', '256K'],
    ['link.rateBps', '100M'],
    ['link.rateBps', '200M'],
    ['link.rateBps', '100M'],
  ],
  'tsq-budget': [
    ['link.rateBps', '2G'],
    ['link.rateBps', '50M'],
    ['tcp.tcp_limit_output_bytes', '2M'],
    ['link.rateBps', '100M'],
    ['link.rateBps', '5G'],
    ['link.rateBps', '100M'],
  ],
  'wifi-budget': [
    ['tcp.sk_pacing_shift', '9'],
    ['tcp.sk_pacing_shift', '9'],
    ['tcp.sk_pacing_shift', '9'],
    ['tcp.sk_pacing_shift', '9'],
    ['tcp.tcp_limit_output_bytes', '128K'],
    ['tcp.sk_pacing_shift', '7'],
    ['tcp.sk_pacing_shift', '8'],
  ],
  'late-completions': [
    ['link.xen.deallocMeanExtraUs', '60'],
    ['link.xen.deallocMeanExtraUs', '60'],
    ['link.xen.deallocMeanExtraUs', '60'],
    ['tcp.sk_pacing_shift', '8'],
    ['tcp.tcp_limit_output_bytes', '128K'],
    ['tcp.sk_pacing_shift', '7'],
    ['tcp.tcp_limit_output_bytes', '256K'],
  ],
  'gso-cpu': [
    ['qdisc.kind', 'pfifo_fast'],
    ['qdisc.kind', 'pfifo_fast'],
    ['qdisc.kind', 'fq_codel'],
    ['tcp.cc', 'cubic'],
    ['link.sg', 'false'],
  ],
  'where-queue': [
    ['qdisc.kind', 'fq_codel'],
    ['wifi.queueing', 'itxq'],
    ['tcp.cc', 'reno'],
    ['tcp.cc', 'reno'],
    ['wifi.queueing', 'legacy'],
    ['wifi.queueing', 'itxq'],
  ],
  'udp-flood': [
    ['router.shaper.rateBps', '10M'],
    ['router.shaper.rateBps', '10M'],
    ['router.shaper.rateBps', '10M'],
    ['router.shaper.rateBps', '10M'],
    ['router.shaper.rateBps', '10M'],
  ],
};

const numeric = (vs: ShownValue[]) => vs.filter((v) => v.value !== '' && Number.isFinite(Number(v.value)));

for (const lesson of LESSONS) {
  test(`lesson ${lesson.id}: walked from the first step to the last, numbers from the run, and from a changed link`, async ({
    page,
  }) => {
    test.setTimeout(lesson.steps.length * 60_000);
    const errors = collectErrors(page);
    expect(VARY[lesson.id]).toHaveLength(lesson.steps.length);
    await openStep(page, lesson.id, 1);
    const base: ShownValue[][] = [];
    let predictions = 0;
    for (let i = 0; i < lesson.steps.length; i++) {
      await waitStep(page, i);
      await expect(player(page).locator('.step-title')).toContainText(lesson.steps[i].title);
      const { asked } = await completeStep(page);
      if (asked) predictions++;
      if (lesson.steps[i].predict) {
        expect(asked, `step ${i + 1} asked its prediction`).toBe(true);
        await expect(player(page).locator('.predict-result')).toContainText(/simulation/);
      }
      base.push(await expectValuesFromRun(page));
      if (i + 1 < lesson.steps.length) await player(page).getByTestId('step-next').click();
    }
    expect(predictions).toBe(lesson.steps.filter((s) => s.predict).length);
    // The same steps with one field changed through the link.
    for (let i = 0; i < lesson.steps.length; i++) {
      const [key, value] = VARY[lesson.id][i];
      await openStep(page, lesson.id, i + 1, `&${key}=${value}`);
      expect(await page.evaluate(() => window.__tsqLearn!.overrides()), `step ${i + 1}`).toMatchObject({
        [key]: value,
      });
      await completeStep(page);
      const got = await expectValuesFromRun(page);
      const before = new Map(numeric(base[i]).map((v) => [v.src, v.value]));
      const moved = numeric(got).filter((v) => before.has(v.src) && before.get(v.src) !== v.value);
      expect(moved.length, `step ${i + 1}: ${key}=${value} moves its numbers`).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
  });
}

test('a link names what it cannot use, and a bad field stops the step with the core’s message', async ({
  page,
}) => {
  await page.goto('/?view=learn&lesson=nope&step=99');
  await expect(page.getByRole('status').filter({ hasText: 'Not used from the link' })).toContainText(
    'lesson = nope',
  );
  await waitStep(page, 0);
  expect(await page.evaluate(() => window.__tsqLearn!.lessonId())).toBe(LESSONS[0].id);
  await page.goto('/?view=learn&lesson=why-tsq&step=1&tcp.sk_pacing_shift=99');
  await page.waitForFunction(() => window.__tsqLearn?.state() === 'error');
  await expect(player(page).locator('.notice')).toContainText('tcp.sk_pacing_shift');
});
