/**
 * Runs every step of a lesson headless, as a host would (the step's run to
 * its marks, its comparison runs), and checks that each placeholder of its
 * prose reads a finite number or a text from the run, that every prediction
 * has a right answer, and that the highlighted series exist.
 */
import { expect, it } from 'vitest';
import type { Summary } from '../../src/sim/api';
import { runHeadless } from '../../src/sim/headless';
import { createSim } from '../../src/sim/index';
import type { LiveModelSim } from '../../src/sim/live';
import { findLesson } from '../../src/sim/lessons/index';
import {
  compareRequests,
  renderText,
  rightOption,
  stepRun,
  summaryContext,
} from '../../src/sim/lessons/render';
import { getPath } from '../../src/sim/scenario/paths';
import { validateLesson } from '../../src/sim/lessons/validate';

export function lessonSteps(id: string): void {
  const lesson = findLesson(id)!;
  it(`${id}: the file is valid and has five to ten steps, a prediction and a knob to try`, () => {
    const v = validateLesson(lesson);
    expect(v.ok ? [] : v.errors).toEqual([]);
    expect(lesson.steps.length).toBeGreaterThanOrEqual(5);
    expect(lesson.steps.length).toBeLessThanOrEqual(10);
    expect(lesson.steps.some((s) => s.predict)).toBe(true);
    expect(lesson.steps.some((s) => s.tryIt)).toBe(true);
  });
  for (const step of lesson.steps) {
    it(`${id}/${step.id}: every number in its text comes from the run`, () => {
      const run = stepRun(step);
      const r = runHeadless({
        presetId: run.presetId,
        overrides: run.overrides,
        seed: run.seed,
        changes: run.changes,
        marksNs: run.marks.map((m) => m.atNs),
      });
      if (!r.ok) throw new Error(r.error);
      const marks = new Map(run.marks.map((m, i) => [m.id, r.summaries[i]]));
      const compare = new Map<string, Summary>();
      for (const c of compareRequests(step, run)) {
        const cr = runHeadless(c.req);
        if (!cr.ok) throw new Error(cr.error);
        compare.set(c.id, cr.summaries[0]);
      }
      const made = createSim(run.presetId, run.overrides, run.seed, run.changes);
      if (!made.ok) throw new Error(made.error);
      const sim = made.sim as LiveModelSim;
      const ctx = summaryContext({
        marks,
        live: null,
        params: new Proxy(
          {},
          { get: (_t, k: string) => sim.startParam(k) ?? getPath(sim.currentScenario, k) },
        ),
        compare,
        presetId: run.presetId,
        changes: run.changes,
      });
      const env = {
        seriesUnit: (k: string) => sim.series.find((s) => s.key === k)?.unit,
        presetId: run.presetId,
        changes: run.changes,
      };
      const texts = [...step.text, step.predict?.prompt, step.predict?.explain, step.tryIt?.prompt].filter(
        (t): t is string => !!t,
      );
      for (const t of texts)
        for (const p of renderText(t, ctx, env, new Set()))
          if (p.kind === 'value') {
            expect(p.pending, `${p.src} is final`).toBe(false);
            const ok =
              typeof p.value === 'string' || typeof p.value === 'boolean' || Number.isFinite(p.value);
            expect(ok, `${p.src} = ${String(p.value)} (${p.text})`).toBe(true);
          }
      if (step.predict?.kind === 'choice')
        expect(rightOption(step.predict.options, ctx)).toBeGreaterThanOrEqual(0);
      const keys = new Set([...sim.series.map((s) => s.key), 'pings', 'aggregates']);
      for (const k of [
        ...(step.highlight?.series ?? []),
        ...(step.highlight?.layer ? [step.highlight.layer] : []),
      ])
        expect(keys.has(k), `highlighted series ${k}`).toBe(true);
      for (const k of step.tryIt?.knobs ?? []) expect(sim.params.some((p) => p.key === k)).toBe(true);
    });
  }
}
