/**
 * The teacher's page of a lesson, as data: a 50-minute class plan (minutes
 * per step, an opening and a closing discussion), and for each question the
 * answer the class's run will give — the same preset, fields, seed and
 * changes as the step, run headless to its marks, so the summaries are the
 * ones the player takes — and, where the step grades against the thread,
 * the measured answer beside it.
 */
import type { LessonStep, Lesson } from '../../sim/lessons/format';
import type { HeadlessRequest } from '../../sim/headless';
import type { Summary } from '../../sim/api';
import {
  compareRequests,
  gradedByPublished,
  renderText,
  rightOption,
  startValue,
  stepRun,
  summaryContext,
  type StepRun,
} from '../../sim/lessons/render';
import { evaluate, parseExpr } from '../../sim/lessons/expr';
import { formatValue } from '../../sim/lessons/text';

export const CLASS_MINUTES = 50;
const OPEN_MIN = 5;
const CLOSE_MIN = 5;

/** How long a step takes in class, relative to the others: a question is discussed, a try-it is played with. */
function weight(s: LessonStep): number {
  return s.predict ? 3 : s.tryIt ? 3 : s.follow ? 2 : 1.5;
}

/** Whole minutes per step that, with the opening and the closing, add up to the class. */
export function minutesPerStep(lesson: Lesson): number[] {
  const budget = CLASS_MINUTES - OPEN_MIN - CLOSE_MIN;
  const w = lesson.steps.map(weight);
  const total = w.reduce((a, b) => a + b, 0);
  const raw = w.map((x) => (x / total) * budget);
  const out = raw.map((x) => Math.max(1, Math.floor(x)));
  // Largest remainders first, until the minutes add up.
  const order = raw.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0, left = budget - out.reduce((a, b) => a + b, 0); left > 0; k++, left--)
    out[order[k % order.length][1]]++;
  return out;
}

export const PLAN_EDGES = { openMin: OPEN_MIN, closeMin: CLOSE_MIN };

/** The headless run that gives a step's marks, and its comparison runs. */
export function stepRequests(step: LessonStep): {
  run: StepRun;
  main: HeadlessRequest;
  compare: { id: string; req: HeadlessRequest }[];
} {
  const run = stepRun(step);
  return {
    run,
    main: {
      presetId: run.presetId,
      overrides: run.overrides,
      seed: run.seed,
      changes: run.changes,
      marksNs: run.marks.map((m) => m.atNs),
    },
    compare: compareRequests(step, run),
  };
}

export interface ExpectedAnswer {
  /** The question as the class reads it (its numbers from the run). */
  prompt: string;
  options: string[];
  /** The answer graded right, as text. */
  answer: string;
  /** "the thread's measurement" or "this simulation". */
  basis: 'published' | 'simulation';
  /** The simulation's own answer where it differs from the graded one. */
  simulation: string | null;
  explain: string | null;
}

/** The expected answer of a step's question, from the summaries of its run at its marks. */
export function expectedAnswer(
  step: LessonStep,
  run: StepRun,
  marks: Summary[],
  compare: Map<string, Summary>,
): ExpectedAnswer | null {
  const p = step.predict;
  if (!p) return null;
  const byId = new Map(run.marks.map((m, i) => [m.id, marks[i]] as const).filter(([, s]) => !!s));
  const ctx = summaryContext({
    marks: byId,
    live: byId.get('end') ?? null,
    params: new Proxy({}, { get: (_t, k: string) => startValue(run, k) }),
    compare,
    presetId: run.presetId,
    changes: run.changes,
  });
  const env = { seriesUnit: () => undefined, presetId: run.presetId, changes: run.changes };
  const text = (t: string) =>
    renderText(t, ctx, env, new Set())
      .map((x) => x.text)
      .join('');
  const basis = gradedByPublished(p) ? 'published' : 'simulation';
  if (p.kind === 'choice') {
    const sim = rightOption(p.options, ctx);
    const right = basis === 'published' ? rightOption(p.options, ctx, 'published') : sim;
    const label = (i: number | null) => (i === null || i < 0 ? 'none of the options' : p.options[i].label);
    return {
      prompt: text(p.prompt),
      options: p.options.map((o) => o.label),
      answer: label(right),
      basis,
      simulation: sim !== right ? label(sim) : null,
      explain: p.explain ? text(p.explain) : null,
    };
  }
  const num = (src: string | undefined) => {
    const r = src === undefined ? null : evaluate(parseExpr(src), ctx).value;
    return typeof r === 'number' && Number.isFinite(r) ? r : null;
  };
  const sim = num(p.value);
  const measured = num(p.published);
  const right = basis === 'published' ? measured : sim;
  const tol = p.scale === 'log' ? `within ×${p.tolerance}` : `within ${formatValue(p.tolerance, 'pct')}`;
  return {
    prompt: text(p.prompt),
    options: [],
    answer: `${formatValue(right, p.format)} (${tol} counts as close)`,
    basis,
    simulation: basis === 'published' ? formatValue(sim, p.format) : null,
    explain: p.explain ? text(p.explain) : null,
  };
}
