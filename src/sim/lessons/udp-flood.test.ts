/**
 * The udp-flood lesson (data/udp-flood.json): it validates, and each
 * prediction's right answer is the one the runs give, graded the way the
 * player grades it (render.ts) on the same headless runs, so a change to
 * the model that moved the answer would show here.
 */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../api';
import { runHeadless } from '../headless';
import { findLesson } from './index';
import { compareRequests, rightOption, startValue, stepRun, summaryContext } from './render';
import { validateLesson } from './validate';
import type { LessonStep } from './format';

const lesson = findLesson('udp-flood')!;

/** The step's own run and its comparisons to their ends, as the player gathers them. */
function gather(step: LessonStep) {
  const run = stepRun(step);
  const own = runHeadless({
    presetId: run.presetId,
    overrides: run.overrides,
    seed: run.seed,
    changes: run.changes,
    marksNs: [run.untilNs],
  });
  if (!own.ok) throw new Error(own.error);
  const compare = new Map<string, Summary>();
  for (const c of compareRequests(step, run)) {
    const r = runHeadless(c.req);
    if (!r.ok) throw new Error(r.error);
    compare.set(c.id, r.summaries[0]);
  }
  const keys = ['router.shaper.rateBps', 'udpFlows.0.rateBps', 'router.shaper.leaf', 'router.qdisc.limit'];
  return summaryContext({
    marks: new Map([['end', own.summaries[0]]]),
    live: own.summaries[0],
    params: Object.fromEntries(keys.map((k) => [k, startValue(run, k)])),
    compare,
    presetId: run.presetId,
    changes: run.changes,
  });
}

const answer = (id: string) => {
  const step = lesson.steps.find((s) => s.id === id)!;
  const p = step.predict!;
  if (p.kind !== 'choice') throw new Error('a choice');
  return p.options[rightOption(p.options, gather(step))!]?.label;
};

describe('lesson udp-flood', () => {
  it('validates: every number in its prose is a placeholder bound to the run', () => {
    expect(validateLesson(lesson)).toMatchObject({ ok: true });
  });

  it('the upload alone: its estimate is of the ping, which the run measures far above the base RTT', () => {
    const step = lesson.steps.find((s) => s.id === 'alone')!;
    const ctx = gather(step);
    const end = ctx.mark('end')!;
    expect(step.predict).toMatchObject({ kind: 'estimate', value: 'end.latencyMs.median' });
    expect(end.udp).toBeUndefined(); // no flood in this step
    expect(end.latencyMs!.median).toBeGreaterThan(5 * end.flowShares[0].baseRttMs);
  });

  it('pfifo: TCP is squeezed and the latency climbs', () => {
    expect(answer('pfifo')).toMatch(/^TCP is squeezed to a small share, and the latency climbs/);
  });

  it('a shorter FIFO: the latency falls, but TCP stays squeezed', () => {
    expect(answer('short-fifo')).toMatch(/^The latency falls, but TCP stays squeezed/);
  });

  it('fq_codel: TCP gets about half back and the latency falls to near the base RTT', () => {
    expect(answer('fq-codel')).toMatch(/^TCP gets about half the uplink back, and the latency falls/);
  });

  it('a flood twice as big under fq_codel leaves TCP about where it was', () => {
    expect(answer('flood-rate')).toMatch(/^About the same/);
  });
});
