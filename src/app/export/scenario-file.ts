/**
 * The explorer's scenario file: which preset, which parameters changed and
 * the seed — what reproduces a run. Parsing checks the file's shape and
 * names the field of each problem; whether the preset's knobs accept the
 * values is then the core's call (share/resolve.ts).
 */
import type { ParamValue, PresetInfo } from '../../worker/protocol';
import { isPath } from '../share/url-state';
import { show as coreShow } from '../../sim/scenario/validate';

export const SCENARIO_FORMAT = 'tsq-lab/scenario';
export const SCENARIO_VERSION = 1;
const SEED_MAX = 0xffffffff;
const MAX_FILE_CHARS = 1_000_000;
const MAX_SET_KEYS = 64;

export interface ScenarioFile {
  presetId: string;
  seed: number;
  set: Record<string, ParamValue>;
}

export function scenarioFileText(s: ScenarioFile, presetTitle?: string): string {
  const doc = {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    preset: s.presetId,
    ...(presetTitle ? { title: presetTitle } : {}),
    seed: s.seed,
    set: s.set,
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
    return { ok: false, errors: [`the file is not valid JSON: ${(e as Error).message}`] };
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
  const file = { presetId: o.preset as string, seed, set };
  // With a usable preset, what could be read goes on to the core too, so that every bad field is named at once.
  if (errors.length)
    return {
      ok: false,
      errors,
      ...(typeof o.preset === 'string' && ids.includes(o.preset) ? { partial: file } : {}),
    };
  return { ok: true, file };
}
