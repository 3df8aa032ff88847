/**
 * Checks a lesson file (./format.ts) and names every bad field, as the
 * scenario validator does: the format and version, each step's run (built
 * by the core, so a bad field gets the core's own message), its marks,
 * comparisons, figure, highlight, prose placeholders (each ref must name a
 * mark, a knob, a comparison or a published cell, and a summary field that
 * exists), predictions and knobs. A number typed into prose is an error:
 * the run supplies them.
 */
import { PANELS, type Panel } from '../api';
import { createSim } from '../index';
import { findPreset } from '../scenario/presets/index';
import { isSourceId } from '../scenario/sources';
import {
  LESSON_FORMAT,
  LESSON_VERSION,
  RESERVED_REFS,
  STEP_SPEEDS,
  type Lesson,
  type LessonStep,
  type SetValue,
} from './format';
import { cellRef, FORMATS, parseText, typedNumbers } from './text';
import { refErrors, show, type StepScope } from './validate-refs';
import { ruleErrors } from './validate-rule';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isStr = (x: unknown): x is string => typeof x === 'string' && x.trim().length > 0;
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const ID = /^[a-z0-9][a-z0-9-]{0,47}$/;

function textErrors(at: string, s: unknown, scope: StepScope, errors: string[]): void {
  if (typeof s !== 'string' || !s.trim()) {
    errors.push(`${at}: expected text`);
    return;
  }
  const { segments, errors: e } = parseText(s);
  for (const x of e) errors.push(`${at}: ${x}`);
  for (const n of typedNumbers(segments))
    errors.push(
      `${at}: the number ${n} is typed in; write a placeholder bound to the run (e.g. {end.goodputBps})`,
    );
  for (const g of segments)
    if (g.kind === 'value') for (const x of refErrors(g.src, scope)) errors.push(`${at}: ${x}`);
}

function setErrors(at: string, set: unknown, errors: string[]): set is Record<string, SetValue> | undefined {
  if (set === undefined) return true;
  if (!isObj(set)) {
    errors.push(`${at}: expected an object of field paths and values`);
    return false;
  }
  for (const [k, v] of Object.entries(set))
    if (!(v === null || ['string', 'number', 'boolean'].includes(typeof v)))
      errors.push(`${at}.${k}: expected a string, number, boolean or null`);
  return true;
}

/** The step's run, as the core builds it; its errors name the fields. */
function setupErrors(at: string, step: Obj, errors: string[]): StepScope | null {
  const su = step.setup;
  if (!isObj(su)) {
    errors.push(`${at}.setup: expected an object with preset, set, changes and untilMs`);
    return null;
  }
  const preset = typeof su.preset === 'string' ? findPreset(su.preset) : undefined;
  if (!preset) {
    errors.push(`${at}.setup.preset = ${show(su.preset)}: not a preset`);
    return null;
  }
  if (!isNum(su.untilMs) || su.untilMs <= 0 || su.untilMs > 600_000)
    errors.push(`${at}.setup.untilMs = ${show(su.untilMs)}: expected milliseconds from 1 to 600000`);
  if (su.speed !== undefined && !(STEP_SPEEDS as readonly unknown[]).includes(su.speed))
    errors.push(`${at}.setup.speed = ${show(su.speed)}: expected one of ${STEP_SPEEDS.join(', ')}`);
  if (su.seed !== undefined && !(Number.isInteger(su.seed) && (su.seed as number) >= 0))
    errors.push(`${at}.setup.seed = ${show(su.seed)}: expected a non-negative integer`);
  if (!setErrors(`${at}.setup.set`, su.set, errors)) return null;
  if (su.changes !== undefined && !Array.isArray(su.changes)) {
    errors.push(`${at}.setup.changes: expected a list of { atUs, key, value }`);
    return null;
  }
  const r = createSim(preset.id, (su.set ?? {}) as Record<string, string>, 1, su.changes as never);
  if (!r.ok) {
    errors.push(`${at}.setup: ${r.error}`);
    return null;
  }
  const cells = new Set((preset.table?.cells ?? []).map((c) => cellRef(c.label)));
  return {
    marks: new Set(['end']),
    compare: new Set(),
    cells,
    scenario: (r.sim as { currentScenario?: unknown }).currentScenario,
    changes: Array.isArray(su.changes) ? su.changes.length : 0,
  };
}

function marksErrors(at: string, step: Obj, scope: StepScope, untilMs: number, errors: string[]): void {
  if (step.marks === undefined) return;
  if (!Array.isArray(step.marks)) {
    errors.push(`${at}.marks: expected a list of { id, atMs }`);
    return;
  }
  let prev = 0;
  step.marks.forEach((m: unknown, i) => {
    const mt = `${at}.marks.${i}`;
    if (!isObj(m) || typeof m.id !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(m.id)) {
      errors.push(`${mt}.id: expected a name of letters and digits`);
      return;
    }
    if (m.id === 'end' || (RESERVED_REFS as readonly string[]).includes(m.id) || scope.marks.has(m.id))
      errors.push(`${mt}.id = ${show(m.id)}: taken (end, param, compare, published, now, or another mark)`);
    if (!isNum(m.atMs) || m.atMs <= prev || m.atMs > untilMs)
      errors.push(
        `${mt}.atMs = ${show(m.atMs)}: expected a time after the mark before it and at most untilMs (${untilMs})`,
      );
    else prev = m.atMs;
    scope.marks.add(m.id);
  });
}

function compareErrors(at: string, step: Obj, scope: StepScope, errors: string[]): void {
  if (step.compare === undefined) return;
  if (!Array.isArray(step.compare)) {
    errors.push(`${at}.compare: expected a list of { id, set, changes }`);
    return;
  }
  const su = step.setup as Obj;
  step.compare.forEach((c: unknown, i) => {
    const ct = `${at}.compare.${i}`;
    if (!isObj(c) || typeof c.id !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(c.id)) {
      errors.push(`${ct}.id: expected a name of letters and digits`);
      return;
    }
    if (scope.compare.has(c.id)) errors.push(`${ct}.id = ${show(c.id)}: used twice`);
    scope.compare.add(c.id);
    if (!setErrors(`${ct}.set`, c.set, errors)) return;
    const set = { ...((su.set as Obj) ?? {}), ...((c.set as Obj) ?? {}) } as Record<string, string>;
    const r = createSim(su.preset as string, set, 1, (c.changes ?? su.changes) as never);
    if (!r.ok) errors.push(`${ct}: ${r.error}`);
  });
}

function figureErrors(at: string, step: Obj, untilMs: number, errors: string[]): void {
  const f = step.figure;
  if (!isObj(f) || !Array.isArray(f.panels) || f.panels.length === 0) {
    errors.push(`${at}.figure.panels: expected a list of panels (${PANELS.join(', ')})`);
  } else {
    for (const p of f.panels)
      if (!PANELS.includes(p as Panel))
        errors.push(`${at}.figure.panels: ${show(p)} is not a panel (${PANELS.join(', ')})`);
    if (f.spanMs !== undefined && !(isNum(f.spanMs) && f.spanMs >= 0.01 && f.spanMs <= 600_000))
      errors.push(`${at}.figure.spanMs = ${show(f.spanMs)}: expected ms from 0.01 to 600000`);
  }
  const h = step.highlight;
  if (h === undefined) return;
  if (!isObj(h)) {
    errors.push(`${at}.highlight: expected { layer, series, fromMs, toMs }`);
    return;
  }
  if (h.layer !== undefined && !(typeof h.layer === 'string' && h.layer.startsWith('occ.')))
    errors.push(`${at}.highlight.layer = ${show(h.layer)}: expected an occupancy series key (occ.…)`);
  if (h.series !== undefined && !(Array.isArray(h.series) && h.series.every(isStr)))
    errors.push(`${at}.highlight.series: expected a list of series keys`);
  const from = h.fromMs ?? 0;
  const to = h.toMs ?? untilMs;
  if (
    (h.fromMs !== undefined || h.toMs !== undefined) &&
    !(isNum(from) && isNum(to) && from >= 0 && to > from && to <= untilMs)
  )
    errors.push(
      `${at}.highlight: fromMs ${show(h.fromMs)} and toMs ${show(h.toMs)} must be a range within the run`,
    );
}

function conditionErrors(at: string, c: unknown, scope: StepScope, errors: string[]): void {
  if (!isObj(c) || typeof c.value !== 'string') {
    errors.push(`${at}: expected { value, range }`);
    return;
  }
  for (const e of refErrors(c.value, scope)) errors.push(`${at}.value: ${e}`);
  if (c.published !== undefined) {
    if (typeof c.published !== 'string') errors.push(`${at}.published: expected an expression`);
    else for (const e of refErrors(c.published, scope)) errors.push(`${at}.published: ${e}`);
  }
  const r = c.range;
  const ok =
    Array.isArray(r) &&
    r.length === 2 &&
    r.every((x) => x === null || isNum(x)) &&
    (r[0] === null || r[1] === null || (r[0] as number) <= (r[1] as number)) &&
    !(r[0] === null && r[1] === null);
  if (!ok)
    errors.push(
      `${at}.range = ${show(JSON.stringify(r))}: expected [low, high], low ≤ high, null for no bound (not both)`,
    );
}

function predictErrors(at: string, p: unknown, scope: StepScope, errors: string[]): void {
  if (p === undefined) return;
  if (!isObj(p) || !isStr(p.prompt)) {
    errors.push(`${at}.predict: expected { kind, prompt, … }`);
    return;
  }
  textErrors(`${at}.predict.prompt`, p.prompt, scope, errors);
  if (
    p.askAt !== undefined &&
    !(typeof p.askAt === 'string' && scope.marks.has(p.askAt) && p.askAt !== 'end')
  )
    errors.push(`${at}.predict.askAt = ${show(p.askAt)}: expected one of the step's marks (not end)`);
  if (p.explain !== undefined) textErrors(`${at}.predict.explain`, p.explain, scope, errors);
  if (p.kind === 'choice') {
    if (!Array.isArray(p.options) || p.options.length < 2) {
      errors.push(`${at}.predict.options: expected at least two options`);
      return;
    }
    p.options.forEach((o: unknown, i) => {
      const ot = `${at}.predict.options.${i}`;
      if (!isObj(o) || !isStr(o.label)) errors.push(`${ot}.label: expected text`);
      if (!isObj(o) || !Array.isArray(o.when) || !o.when.length)
        errors.push(`${ot}.when: expected a list of conditions`);
      else o.when.forEach((c: unknown, j) => conditionErrors(`${ot}.when.${j}`, c, scope, errors));
    });
    const conds = p.options.flatMap((o: unknown) => (isObj(o) && Array.isArray(o.when) ? o.when : []));
    const named = conds.filter((c: unknown) => isObj(c) && c.published !== undefined).length;
    if (named > 0 && named < conds.length)
      errors.push(
        `${at}.predict.options: ${named} of ${conds.length} conditions name the published value; name it on every condition, or on none`,
      );
    if (p.format !== undefined && !(FORMATS as readonly unknown[]).includes(p.format))
      errors.push(`${at}.predict.format = ${show(p.format)}: expected one of ${FORMATS.join(', ')}`);
  } else if (p.kind === 'estimate') {
    if (typeof p.value !== 'string') errors.push(`${at}.predict.value: expected an expression`);
    else for (const e of refErrors(p.value, scope)) errors.push(`${at}.predict.value: ${e}`);
    if (!isNum(p.min) || !isNum(p.max) || p.min >= p.max)
      errors.push(`${at}.predict: min and max must be numbers, min < max`);
    if (p.scale !== 'linear' && p.scale !== 'log')
      errors.push(`${at}.predict.scale = ${show(p.scale)}: expected linear or log`);
    else if (p.scale === 'log' && !(isNum(p.min) && p.min > 0))
      errors.push(`${at}.predict.min: a log scale needs min > 0`);
    if (!(FORMATS as readonly unknown[]).includes(p.format))
      errors.push(`${at}.predict.format = ${show(p.format)}: expected one of ${FORMATS.join(', ')}`);
    if (!isNum(p.tolerance) || p.tolerance <= 0)
      errors.push(`${at}.predict.tolerance = ${show(p.tolerance)}: expected a number above 0`);
    if (p.published !== undefined) {
      if (typeof p.published !== 'string') errors.push(`${at}.predict.published: expected an expression`);
      else for (const e of refErrors(p.published, scope)) errors.push(`${at}.predict.published: ${e}`);
    }
  } else errors.push(`${at}.predict.kind = ${show(p.kind)}: expected choice or estimate`);
}

function stepErrors(at: string, step: unknown, errors: string[]): void {
  if (!isObj(step)) {
    errors.push(`${at}: expected a step object`);
    return;
  }
  if (typeof step.id !== 'string' || !ID.test(step.id))
    errors.push(`${at}.id = ${show(step.id)}: expected lower-case letters, digits and -`);
  if (!isStr(step.title)) errors.push(`${at}.title: expected text`);
  const scope = setupErrors(at, step, errors);
  if (!scope) return;
  const untilMs = (step.setup as Obj).untilMs as number;
  marksErrors(at, step, scope, untilMs, errors);
  compareErrors(at, step, scope, errors);
  figureErrors(at, step, untilMs, errors);
  if (!Array.isArray(step.text) || !step.text.length)
    errors.push(`${at}.text: expected a list of paragraphs`);
  else step.text.forEach((t: unknown, i) => textErrors(`${at}.text.${i}`, t, scope, errors));
  predictErrors(at, step.predict, scope, errors);
  ruleErrors(at, step.rule, scope, errors);
  const preset = findPreset((step.setup as Obj).preset as string)!;
  const t = step.tryIt;
  if (t !== undefined) {
    if (!isObj(t) || !Array.isArray(t.knobs) || !t.knobs.length)
      errors.push(`${at}.tryIt.knobs: expected a list of knobs`);
    else
      for (const k of t.knobs)
        if (!preset.params.includes(k as string))
          errors.push(
            `${at}.tryIt.knobs: ${show(k)} is not a knob of ${preset.id} (${preset.params.join(', ')})`,
          );
    if (!isObj(t) || !isStr(t.prompt)) errors.push(`${at}.tryIt.prompt: expected text`);
    else textErrors(`${at}.tryIt.prompt`, t.prompt, scope, errors);
  }
  const fo = step.follow;
  if (fo === undefined) return;
  if (
    !isObj(fo) ||
    !(Number.isInteger(fo.everyN) && (fo.everyN as number) >= 1 && (fo.everyN as number) <= 1000)
  )
    errors.push(
      `${at}.follow.everyN = ${show(isObj(fo) ? fo.everyN : fo)}: expected an integer from 1 to 1000`,
    );
  else if (!isNum(fo.fromMs) || fo.fromMs < 0 || fo.fromMs >= untilMs)
    errors.push(`${at}.follow.fromMs = ${show(fo.fromMs)}: expected a time before untilMs (${untilMs})`);
  else if (fo.speed !== undefined && !(STEP_SPEEDS as readonly unknown[]).includes(fo.speed))
    errors.push(`${at}.follow.speed = ${show(fo.speed)}: expected one of ${STEP_SPEEDS.join(', ')}`);
}

export type LessonResult = { ok: true; lesson: Lesson } | { ok: false; errors: string[] };

/** Checks a lesson read from JSON; every error names its field. */
export function validateLesson(raw: unknown): LessonResult {
  const errors: string[] = [];
  if (!isObj(raw)) return { ok: false, errors: ['a lesson is a JSON object'] };
  if (raw.format !== LESSON_FORMAT)
    errors.push(`format = ${show(raw.format)}: expected ${show(LESSON_FORMAT)}`);
  if (raw.version !== LESSON_VERSION)
    errors.push(`version = ${show(raw.version)}: expected ${LESSON_VERSION}`);
  if (typeof raw.id !== 'string' || !ID.test(raw.id))
    errors.push(`id = ${show(raw.id)}: expected lower-case letters, digits and -`);
  if (!isStr(raw.title)) errors.push('title: expected text');
  if (!isStr(raw.summary)) errors.push('summary: expected text');
  if (!Array.isArray(raw.sources) || !raw.sources.length)
    errors.push('sources: expected a list of source ids');
  else
    for (const s of raw.sources)
      if (typeof s !== 'string' || !isSourceId(s)) errors.push(`sources: ${show(s)} is not a known source`);
  if (!Array.isArray(raw.steps) || raw.steps.length === 0 || raw.steps.length > 20) {
    errors.push('steps: expected from 1 to 20 steps');
  } else {
    const ids = new Set<string>();
    raw.steps.forEach((s: unknown, i) => {
      stepErrors(`steps.${i}`, s, errors);
      const id = isObj(s) ? s.id : undefined;
      if (typeof id === 'string') {
        if (ids.has(id)) errors.push(`steps.${i}.id = ${show(id)}: used by an earlier step`);
        ids.add(id);
      }
    });
  }
  return errors.length ? { ok: false, errors } : { ok: true, lesson: raw as unknown as Lesson };
}

export type { Lesson, LessonStep };
