/**
 * The explorer's scenario file: which preset, which parameters changed, the
 * seed and (version 2) the knob changes during the run (`changes`, each
 * { atUs, key, value }) — what reproduces a run. Parsing checks the file's shape and
 * names the field of each problem; whether the preset's knobs accept the
 * values is then the core's call (share/resolve.ts).
 */
import type { ParamValue, PresetInfo, ScheduledChange } from '../../worker/protocol';
import { MAX_LINK_CHANGES } from '../share/change-codec';
import { isPath } from '../share/url-state';
import { show as coreShow } from '../../sim/scenario/validate';
import { escapeControls } from '../../sim/scenario/escape';

export const SCENARIO_FORMAT = 'tsq-lab/scenario';
/** The newest version read; a file without knob changes is still written as version 1. */
export const SCENARIO_VERSION = 2;
const MAX_AT_US = 3_600e6;
const SEED_MAX = 0xffffffff;
const MAX_FILE_CHARS = 1_000_000;
const MAX_SET_KEYS = 64;

export interface ScenarioFile {
  presetId: string;
  seed: number;
  /** The values the run starts from, on top of the preset. */
  set: Record<string, ParamValue>;
  /** Knob changes during the run, in time order. */
  changes?: ScheduledChange[];
}

export function scenarioFileText(s: ScenarioFile, presetTitle?: string): string {
  const changes = s.changes ?? [];
  const doc = {
    format: SCENARIO_FORMAT,
    version: changes.length ? SCENARIO_VERSION : 1,
    preset: s.presetId,
    ...(presetTitle ? { title: presetTitle } : {}),
    seed: s.seed,
    set: s.set,
    ...(changes.length ? { changes } : {}),
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

/** As the core shows values: bounded, never recursive, and 1e309 (Infinity) not as "null". */
const show = coreShow;

/** Parses a scenario file; every error names the field, the value and what is allowed. */
export function parseScenarioFile(
  text: string,
  presets: readonly PresetInfo[],
): { ok: true; file: ScenarioFile } | { ok: false; errors: string[]; partial?: ScenarioFile } {
  if (text.length > MAX_FILE_CHARS)
    return { ok: false, errors: [`the file is larger than ${MAX_FILE_CHARS} characters`] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`the file is not valid JSON: ${escapeControls((e as Error).message)}`] };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, errors: ['the file must hold a JSON object'] };
  }
  const o = raw as Record<string, unknown>;
  const errors: string[] = [];
  if (o.format !== SCENARIO_FORMAT) {
    errors.push(
      'schema' in o && o.format === undefined
        ? `format is missing: this looks like a full scenario for the command line (npm run sim); the explorer loads files saved with Export → Scenario (format "${SCENARIO_FORMAT}")`
        : `format = ${show(o.format)} is not allowed: expected "${SCENARIO_FORMAT}"`,
    );
    return { ok: false, errors };
  }
  const v = o.version;
  if (v === undefined) errors.push(`version is missing: expected ${SCENARIO_VERSION}`);
  else if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    errors.push(`version = ${show(v)} is not allowed: expected ${SCENARIO_VERSION}`);
  else if (v > SCENARIO_VERSION)
    errors.push(`version = ${v} is newer than this TSQ Lab reads (${SCENARIO_VERSION})`);
  const ids = presets.map((p) => p.id);
  if (o.preset === undefined) errors.push(`preset is missing: expected one of ${ids.join(', ')}`);
  else if (typeof o.preset !== 'string' || !ids.includes(o.preset)) {
    errors.push(`preset = ${show(o.preset)} is not allowed: expected one of ${ids.join(', ')}`);
  }
  let seed = 1;
  if (o.seed !== undefined) {
    if (typeof o.seed === 'number' && Number.isInteger(o.seed) && o.seed >= 0 && o.seed <= SEED_MAX)
      seed = o.seed;
    else errors.push(`seed = ${show(o.seed)} is not allowed: expected an integer from 0 to ${SEED_MAX}`);
  }
  const set: Record<string, ParamValue> = {};
  if (o.set !== undefined) {
    if (o.set === null || typeof o.set !== 'object' || Array.isArray(o.set)) {
      errors.push(`set = ${show(o.set)} is not allowed: expected an object of parameter → value`);
    } else {
      const entries = Object.entries(o.set as Record<string, unknown>);
      if (entries.length > MAX_SET_KEYS)
        errors.push(`set has ${entries.length} entries: at most ${MAX_SET_KEYS} are read`);
      for (const [k, val] of entries.slice(0, MAX_SET_KEYS)) {
        if (!isPath(k)) {
          errors.push(
            `set.${show(k)} is not a parameter name: expected a scenario path such as tcp.sk_pacing_shift`,
          );
          continue;
        }
        const ok =
          typeof val === 'number'
            ? Number.isFinite(val)
            : typeof val === 'string' || typeof val === 'boolean';
        if (ok) set[k] = val as ParamValue;
        // null clears a nullable field back to its era default; the core reads it as the text 'null'.
        else if (val === null) set[k] = 'null';
        else
          errors.push(
            `set.${k} = ${show(val)} is not allowed: expected a number, a string, true, false or null`,
          );
      }
    }
  }
  const changes = readChanges(o.changes, errors);
  const file = { presetId: o.preset as string, seed, set, ...(changes.length ? { changes } : {}) };
  // With a usable preset, what could be read goes on to the core too, so that every bad field is named at once.
  if (errors.length)
    return {
      ok: false,
      errors,
      ...(typeof o.preset === 'string' && ids.includes(o.preset) ? { partial: file } : {}),
    };
  return { ok: true, file };
}

const isScalar = (v: unknown): v is ParamValue | null =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v));

/** The `changes` list's shape, each problem named by its field (`changes.2.atUs`); the core checks the knobs. */
function readChanges(raw: unknown, errors: string[]): ScheduledChange[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    errors.push(`changes = ${show(raw)} is not allowed: expected a list of { atUs, key, value }`);
    return [];
  }
  if (raw.length > MAX_LINK_CHANGES)
    errors.push(`changes has ${raw.length} entries: at most ${MAX_LINK_CHANGES}`);
  const out: ScheduledChange[] = [];
  raw.slice(0, MAX_LINK_CHANGES).forEach((c: unknown, i) => {
    const at = `changes.${i}`;
    if (c === null || typeof c !== 'object' || Array.isArray(c)) {
      errors.push(`${at} = ${show(c)} is not allowed: expected { atUs, key, value }`);
      return;
    }
    const { atUs, key, value } = c as Record<string, unknown>;
    const n = errors.length;
    if (typeof atUs !== 'number' || !Number.isInteger(atUs) || atUs < 0 || atUs > MAX_AT_US)
      errors.push(
        `${at}.atUs = ${show(atUs)} is not allowed: expected whole microseconds from 0 to ${MAX_AT_US}`,
      );
    if (typeof key !== 'string' || !isPath(key))
      errors.push(
        `${at}.key = ${show(key)} is not allowed: expected a parameter such as tcp.sk_pacing_shift`,
      );
    if (!isScalar(value))
      errors.push(
        `${at}.value = ${show(value)} is not allowed: expected a number, a string, true, false or null`,
      );
    if (errors.length === n)
      out.push({ atUs: atUs as number, key: key as string, value: value as ParamValue | null });
  });
  return out;
}
