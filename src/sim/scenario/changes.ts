/**
 * Knob changes at given simulated times: the list a replayable link, a
 * scenario file, a lesson step or an embed script carries (`changes`), and
 * the rule by which both a script and a live knob move apply. A change "at t"
 * takes effect after every event before t and before any event at t, so the
 * same list gives the same run whatever slices the host runs in. Only knobs
 * that act on a running model (ParamDef.apply) can be scheduled: the others
 * rebuild the run from t = 0.
 */
import type { ParamValue } from '../api';
import type { Ns } from '../engine/time';
import type { Model } from './model';
import { PARAMS } from './params';
import { coerce, getPath } from './paths';
import type { Scenario, ScheduledChange } from './scenario';
import { checkField, show } from './validate';

/** The time a knob moved at `nowNs` takes effect: the next whole microsecond. */
export function nextChangeUs(nowNs: Ns): number {
  return Math.floor(nowNs / 1000) + 1;
}

/** The value a knob takes when set to `raw` in `sc`: coerced as --set and links do, null meaning the era default. */
export function effectiveValue(sc: Scenario, key: string, raw: unknown): ParamValue {
  const v = typeof raw === 'string' ? coerce(getPath(sc, key), raw, key) : raw;
  if (v === null || v === undefined) return PARAMS[key]?.kernelDefault?.(sc) ?? 'null';
  return v as ParamValue;
}

/**
 * Names every problem of a well-formed `changes` list (the schema has checked
 * each entry's shape): time order, and a value each named knob accepts.
 */
export function checkChanges(sc: Scenario, errors: string[]): void {
  let prevUs = 0;
  sc.changes.forEach((c, i) => {
    const at = `changes.${i}`;
    if (c.atUs < prevUs)
      errors.push(
        `${at}.atUs = ${c.atUs} is earlier than the change before it (${prevUs}): list changes in time order`,
      );
    prevUs = Math.max(prevUs, c.atUs);
    checkChangeValue(sc, at, c.key, c.value, errors);
  });
}

function checkChangeValue(
  sc: Scenario,
  at: string,
  key: string,
  value: ParamValue | null,
  errors: string[],
): void {
  if (!Object.hasOwn(PARAMS, key)) {
    errors.push(`${at}.key = ${show(key)} is not a knob: expected one of ${liveKeys().join(', ')}`);
    return;
  }
  if (!PARAMS[key].apply) {
    errors.push(
      `${at}.key = ${key} cannot change during a run (it rebuilds the model): set it in the scenario instead; knobs that can: ${liveKeys().join(', ')}`,
    );
    return;
  }
  const existing = getPath(sc, key);
  if (existing === undefined) {
    errors.push(`${at}.key = ${key} is not a field of this scenario`);
    return;
  }
  const v = typeof value === 'string' ? coerce(existing, value, key) : value;
  const e = checkField(key, Number.isNaN(v) ? value : v);
  if (e) errors.push(`${at}.value: ${e}`);
}

function liveKeys(): string[] {
  return Object.values(PARAMS)
    .filter((p) => p.apply)
    .map((p) => p.key);
}

/**
 * Applies one knob change to a running model at its current time: the model
 * takes the value, the summary restarts its measurement, the frames record
 * the change. Returns the scenario with the new value in force.
 */
export function applyLiveChange(m: Model, sc: Scenario, key: string, value: ParamValue | null): void {
  const def = PARAMS[key];
  def.apply!(m, effectiveValue(sc, key, value));
  m.beginMeasurement(m.sim.nowNs);
}

/**
 * Runs a model to `endNs` (at most `maxEvents` events), applying the
 * scheduled changes from `next` on as their times come. Returns the index of
 * the next change not yet applied and whether `endNs` was reached.
 */
export function runWithChanges(
  m: Model,
  changes: readonly ScheduledChange[],
  next: number,
  endNs: Ns,
  maxEvents: number,
  onApply: (c: ScheduledChange) => void,
): { next: number; done: boolean } {
  const sim = m.sim;
  let budget = maxEvents;
  while (next < changes.length && changes[next].atUs * 1000 <= endNs) {
    const atNs = changes[next].atUs * 1000;
    const before = sim.eventsRun;
    if (!sim.runSlice(atNs - 1, budget)) return { next, done: false };
    budget -= sim.eventsRun - before;
    if (sim.nowNs < atNs) sim.nowNs = atNs;
    onApply(changes[next]);
    next++;
  }
  return { next, done: sim.runSlice(endNs, budget) };
}
