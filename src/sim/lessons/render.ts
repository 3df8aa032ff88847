/**
 * A lesson step for a host to run and draw: the run it asks for (preset,
 * fields, changes, marks) with a link's own fields on top, its comparison
 * runs, prose resolved into pieces (text, code, glossary terms, values with
 * whether they are final), and a prediction scored against the run. Pure:
 * the Learn view, the embed and the tests share it.
 */
import type { ParamValue, ScheduledChange, Summary } from '../api';
import type { HeadlessRequest } from '../headless';
import { findPreset } from '../scenario/presets/index';
import { PARAMS } from '../scenario/params';
import { getPath } from '../scenario/paths';
import type { Scenario } from '../scenario/scenario';
import { applyOverrides } from '../scenario/validate';
import { evaluate, parseExpr, type EvalContext, type Value } from './expr';
import type { ChoiceOption, LessonStep, Prediction, StepSpeed } from './format';
import { linkTerms } from './glossary';
import { cellRef, defaultFormat, formatValue, parseText, type Segment } from './text';

export interface StepRun {
  presetId: string;
  overrides: Record<string, ParamValue>;
  seed: number;
  changes: ScheduledChange[];
  untilNs: number;
  /** Marks in time order, the step's end last ("end"). */
  marks: { id: string; atNs: number }[];
  speedId: StepSpeed;
  follow: { everyN: number; fromNs: number; speedId: StepSpeed } | null;
}

/** The run a step asks for; `extra` (a link's fields) applies on top of the step's own. */
export function stepRun(step: LessonStep, extra: Record<string, ParamValue> = {}, seed?: number): StepRun {
  const s = step.setup;
  const untilNs = s.untilMs * 1e6;
  return {
    presetId: s.preset,
    overrides: { ...((s.set ?? {}) as Record<string, ParamValue>), ...extra },
    seed: seed ?? s.seed ?? 1,
    changes: [...(s.changes ?? [])],
    untilNs,
    marks: [
      ...(step.marks ?? []).map((m) => ({ id: m.id, atNs: m.atMs * 1e6 })),
      { id: 'end', atNs: untilNs },
    ],
    speedId: s.speed ?? '1',
    follow: step.follow
      ? { everyN: step.follow.everyN, fromNs: step.follow.fromMs * 1e6, speedId: step.follow.speed ?? '0.01' }
      : null,
  };
}

/** The step's comparison runs, as headless requests to their end. */
export function compareRequests(step: LessonStep, run: StepRun): { id: string; req: HeadlessRequest }[] {
  return (step.compare ?? []).map((c) => ({
    id: c.id,
    req: {
      presetId: run.presetId,
      overrides: { ...run.overrides, ...((c.set ?? {}) as Record<string, ParamValue>) },
      seed: run.seed,
      changes: [...(c.changes ?? run.changes)],
      marksNs: [run.untilNs],
    },
  }));
}

/**
 * A scenario field's value at the start of a step's run (a `param.` ref), as
 * LiveSim.startParam reads it: the preset with the run's fields applied, a
 * field left at its era default read as that default. Undefined when the
 * run's fields do not apply.
 */
export function startValue(run: StepRun, key: string): ParamValue | undefined {
  const preset = findPreset(run.presetId);
  if (!preset) return undefined;
  let sc: Scenario;
  try {
    sc = applyOverrides(preset.scenario(), run.overrides);
  } catch {
    return undefined;
  }
  const v = getPath(sc, key);
  if (v === null) return PARAMS[key]?.kernelDefault?.(sc) ?? 'default';
  return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : undefined;
}

/** A published cell of the step's preset, by its ref name (cellRef). */
export function publishedCell(presetId: string, ref: string): { value: number; unit: string } | null {
  const c = findPreset(presetId)?.table?.cells.find((x) => cellRef(x.label) === ref);
  return c ? { value: c.published, unit: c.unit } : null;
}

export type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'term'; id: string; text: string; code: boolean }
  | { kind: 'value'; text: string; src: string; value: Value | null; pending: boolean };

const parsed = new Map<string, Segment[]>();

function segmentsOf(s: string): Segment[] {
  let v = parsed.get(s);
  if (!v) {
    v = parseText(s).segments;
    parsed.set(s, v);
  }
  return v;
}

/** What writing a value needs to know of the step: its series' units, its changes, its preset's table. */
export interface RenderEnv {
  seriesUnit(key: string): string | undefined;
  presetId: string;
  changes: readonly ScheduledChange[];
}

/** The unit a value is written in: the placeholder's format, else its field's (a change's as its knob's). */
export function formatOf(seg: Extract<Segment, { kind: 'value' }>, env: RenderEnv): string {
  if (seg.format) return seg.format;
  const e = seg.expr;
  if (e.op !== 'ref') return 'num';
  if (e.path[0] === 'change')
    return defaultFormat(['param', ...(env.changes[Number(e.path[1])]?.key ?? '').split('.')]);
  const i = e.path.indexOf('seriesMeans');
  return defaultFormat(e.path, i >= 0 ? env.seriesUnit(e.path.slice(i + 1).join('.')) : undefined);
}

/** Prose resolved against the run; `seen` links each glossary term once per block. */
export function renderText(s: string, ctx: EvalContext, env: RenderEnv, seen: Set<string>): Piece[] {
  const out: Piece[] = [];
  for (const g of segmentsOf(s)) {
    if (g.kind === 'value') {
      const r = evaluate(g.expr, ctx);
      const ref =
        g.expr.op === 'ref' && g.expr.path[0] === 'published' ? g.expr.path.slice(1).join('.') : null;
      // A quantity the run has not measured yet (during its warm-up) is still to come, not missing.
      const notYet = r.pending && typeof r.value === 'number' && !Number.isFinite(r.value);
      const text = notYet
        ? '…'
        : ref !== null && typeof r.value === 'number'
          ? `${formatValue(r.value, 'num')} ${publishedCell(env.presetId, ref)?.unit ?? ''}`.trim()
          : formatValue(r.value, formatOf(g, env));
      out.push({ kind: 'value', text, src: g.src, value: r.value, pending: r.pending });
      continue;
    }
    for (const l of linkTerms(g.text, seen)) {
      if (l.kind === 'term') out.push({ kind: 'term', id: l.id, text: l.text, code: g.kind === 'code' });
      else out.push({ kind: g.kind, text: l.text });
    }
  }
  return out;
}

/** A choice's right option: the first whose conditions all hold (null while the run has not got there). */
export function rightOption(
  options: readonly ChoiceOption[],
  ctx: EvalContext,
  basis: 'simulation' | 'published' = 'simulation',
): number | null {
  for (let i = 0; i < options.length; i++) {
    let all = true;
    for (const c of options[i].when) {
      const src = basis === 'published' ? c.published : c.value;
      if (src === undefined) return null;
      const r = evaluate(parseExpr(src), ctx);
      if (r.pending || typeof r.value !== 'number') return null;
      const [lo, hi] = c.range;
      if ((lo !== null && r.value < lo) || (hi !== null && r.value > hi)) all = false;
    }
    if (all) return i;
  }
  return -1;
}

/** The prediction is graded against the reference thread's measurement (every condition names it). */
export function gradedByPublished(p: Prediction): boolean {
  if (p.kind === 'estimate') return p.published !== undefined;
  return p.options.every((o) => o.when.every((c) => c.published !== undefined));
}

/** A quantity, the simulation's and (where the prediction names it) the thread's, written in `format`. */
export interface Both {
  sim: number;
  published: number | null;
  text: { sim: string; published: string | null };
}

export type Score =
  | {
      kind: 'choice';
      chosen: number;
      /** The option graded right: the measurement's where the prediction names it, else the simulation's. */
      right: number;
      /** The simulation's own right option. */
      model: number;
      basis: 'simulation' | 'published';
      ok: boolean;
      quantity: Both | null;
    }
  | {
      kind: 'estimate';
      guess: number;
      actual: number;
      basis: 'simulation' | 'published';
      ok: boolean;
      /** The simulation's value and the thread's (null: none published). */
      quantity: Both;
      text: { guess: string; actual: string };
    };

const num = (src: string | undefined, ctx: EvalContext): number | null => {
  if (src === undefined) return null;
  const r = evaluate(parseExpr(src), ctx);
  return !r.pending && typeof r.value === 'number' && Number.isFinite(r.value) ? r.value : null;
};

function both(sim: number, published: number | null, format: string): Both {
  return {
    sim,
    published,
    text: {
      sim: formatValue(sim, format),
      published: published === null ? null : formatValue(published, format),
    },
  };
}

function close(p: Extract<Prediction, { kind: 'estimate' }>, answer: number, actual: number): boolean {
  return p.scale === 'log'
    ? Math.max(answer / actual, actual / answer) <= p.tolerance
    : Math.abs(answer - actual) <= p.tolerance * Math.abs(actual);
}

/** How a prediction did, once the run has its numbers (null before). */
export function scorePrediction(p: Prediction, answer: number, ctx: EvalContext): Score | null {
  const basis = gradedByPublished(p) ? 'published' : 'simulation';
  if (p.kind === 'choice') {
    const model = rightOption(p.options, ctx);
    if (model === null) return null;
    const right = basis === 'published' ? (rightOption(p.options, ctx, 'published') ?? -1) : model;
    const first = p.options[0]?.when[0];
    const sim = num(first?.value, ctx);
    const quantity = sim === null ? null : both(sim, num(first?.published, ctx), p.format ?? 'x');
    return { kind: 'choice', chosen: answer, right, model, basis, ok: answer === right, quantity };
  }
  const sim = num(p.value, ctx);
  if (sim === null) return null;
  const measured = num(p.published, ctx);
  const actual = basis === 'published' && measured !== null ? measured : sim;
  return {
    kind: 'estimate',
    guess: answer,
    actual,
    basis,
    ok: close(p, answer, actual),
    quantity: both(sim, measured, p.format),
    text: { guess: formatValue(answer, p.format), actual: formatValue(actual, p.format) },
  };
}

/** An evaluation context over summaries a host has gathered. */
export function summaryContext(got: {
  marks: Map<string, Summary>;
  live: Summary | null;
  params: { [key: string]: ParamValue | undefined };
  compare: Map<string, Summary>;
  presetId: string;
  changes: readonly ScheduledChange[];
}): EvalContext {
  return {
    mark: (id) => got.marks.get(id) ?? null,
    live: () => got.live,
    param: (k) => got.params[k],
    change: (i) => got.changes[i] ?? null,
    compare: (id) => got.compare.get(id) ?? null,
    published: (ref) => publishedCell(got.presetId, ref),
  };
}
