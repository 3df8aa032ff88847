/**
 * Scenario validation shared by every entry point (app, URL, file import,
 * CLI): types, ranges, units, unknown fields and cross-field rules, from the
 * schema in ./validate-rules.ts. Each error names the field, the value and
 * what is allowed.
 */
import { escapeControls } from './escape';
import type { ParamValue } from '../api';
import { clone, coerce, getPath, setPath } from './paths';
import type { Scenario } from './scenario';
import type { PhyRate } from '../model/wifi/types';
import { ERAS, hasTcpTxDelay, type EraId } from './eras';
import { perFlowRules, receiverRules } from './validate-flows';
import { leafRules, type Node, type Rule, ruleAt, SCHEMA } from './validate-rules';

export { MAX_PACING_SHIFT, MAX_STATIONS, type Rule } from './validate-rules';

/** Every leaf field with its rule; array items appear as "*" ("wifi.stations.*.name"). */
export const RULES: Readonly<Record<string, Rule>> = leafRules();

/** A file with more problems than this gets the first ones and a count. */
const MAX_ERRORS = 40;

export class ScenarioError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
    this.name = 'ScenarioError';
  }
}

/** A value as it appears in a message: JSON, cut short so that a huge input stays readable. */
export function show(v: unknown): string {
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/**
 * A name from the user (a key in a file, a --set path, a CLI argument) as a
 * message shows it: as written if printable, else quoted with its control
 * characters escaped (and cut short, as show does).
 */
export function keyText(k: string): string {
  const escaped = escapeControls(k);
  if (k.length > 0 && k.length <= 120 && escaped === k) return k;
  const quoted = `"${escaped}"`;
  return quoted.length > 80 ? `${quoted.slice(0, 77)}...` : quoted;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export function describe(n: Node): string {
  switch (n.t) {
    case 'int':
    case 'number': {
      const unit = n.unit ? ` ${n.unit}` : '';
      return `${n.t === 'int' ? 'an integer' : 'a number'} from ${n.min} to ${n.max}${unit}${n.nullable ? ' or null' : ''}`;
    }
    case 'bool':
      return 'true or false';
    case 'enum':
      return `one of ${n.values.map((v) => (v === null ? 'null' : String(v))).join(', ')}`;
    case 'string':
      return `a string of at most ${n.maxLength} characters`;
    case 'object':
      return `${n.nullable ? 'null or ' : ''}an object with ${Object.keys(n.fields).join(', ')}`;
    case 'array': {
      const list =
        n.minItems === n.maxItems
          ? `a list of ${n.minItems} items`
          : `a list of ${n.minItems} to ${n.maxItems} items`;
      return n.nullable ? `null or ${list}` : list;
    }
    case 'variant':
      return Object.entries(n.cases)
        .map(([kind, f]) => `{kind: "${kind}", ${Object.keys(f).join(', ')}}`)
        .join(' or ');
  }
}

function ruleError(r: Rule, v: unknown): boolean {
  switch (r.t) {
    case 'int':
    case 'number':
      if (v === null) return !r.nullable;
      if (typeof v !== 'number' || !Number.isFinite(v)) return true;
      if (r.t === 'int' && !Number.isInteger(v)) return true;
      return v < r.min || v > r.max;
    case 'bool':
      return typeof v !== 'boolean';
    case 'enum':
      return !r.values.includes(v as string | null);
    case 'string':
      return typeof v !== 'string' || v.length > r.maxLength;
  }
}

/** Checks one leaf against its rule; null when fine or when the path has no leaf rule. */
export function checkField(path: string, v: unknown): string | null {
  const r = ruleAt(path);
  if (!r) return null;
  return ruleError(r, v) ? `${path} = ${show(v)} is not allowed: expected ${describe(r)}` : null;
}

function walk(n: Node, v: unknown, path: string, errors: string[]): void {
  const name = path || 'the scenario';
  if (v === undefined) {
    errors.push(`${name} is missing: expected ${describe(n)}`);
    return;
  }
  const bad = (): void => void errors.push(`${name} = ${show(v)} is not allowed: expected ${describe(n)}`);
  const fields = (spec: Record<string, Node>, o: Record<string, unknown>, extra: string[] = []): void => {
    for (const [k, child] of Object.entries(spec))
      walk(child, Object.hasOwn(o, k) ? o[k] : undefined, path ? `${path}.${k}` : k, errors);
    for (const k of Object.keys(o)) {
      if (Object.hasOwn(spec, k) || extra.includes(k)) continue;
      const allowed = [...extra, ...Object.keys(spec)].join(', ');
      errors.push(
        `${path ? `${path}.${keyText(k)}` : keyText(k)} is not a field of the scenario: ${path ? `${path} has` : 'the top level has'} ${allowed}`,
      );
    }
  };
  switch (n.t) {
    case 'object':
      if (v === null && n.nullable) return;
      if (!isObject(v)) return bad();
      return fields(n.fields, v);
    case 'variant': {
      if (!isObject(v)) return bad();
      const kind = v.kind;
      if (typeof kind !== 'string' || !Object.hasOwn(n.cases, kind)) {
        errors.push(
          `${path}.kind = ${show(kind)} is not allowed: expected one of ${Object.keys(n.cases).join(', ')}`,
        );
        return;
      }
      return fields(n.cases[kind], v, ['kind']);
    }
    case 'array':
      if (v === null && n.nullable) return;
      if (!Array.isArray(v) || v.length < n.minItems || v.length > n.maxItems) return bad();
      v.forEach((item, i) => walk(n.of, item, `${path}.${i}`, errors));
      return;
    default:
      if (ruleError(n, v)) bad();
  }
}

function checkRate(path: string, r: PhyRate, band: unknown, errors: string[]): void {
  if (!isObject(r)) return;
  if (r.mode === 'ht') {
    if (r.widthMHz !== 20 && r.widthMHz !== 40)
      errors.push(`${path}.widthMHz = ${show(r.widthMHz)} is not allowed for HT: expected 20 or 40`);
    // Only arithmetic on a number: the per-field check has already named any other mcs.
    const streams = Number.isInteger(r.mcs) ? Math.floor(r.mcs / 8) + 1 : r.nss;
    if (r.nss !== streams) {
      errors.push(
        `${path}.nss = ${show(r.nss)} does not match HT MCS ${r.mcs}: expected ${streams} (HT MCS 8k..8k+7 use k+1 streams)`,
      );
    }
  } else if (r.mode === 'vht') {
    if (typeof r.mcs === 'number' && r.mcs > 9)
      errors.push(`${path}.mcs = ${show(r.mcs)} is not allowed for VHT: expected an integer from 0 to 9`);
    if (band === '2.4GHz')
      errors.push(`${path}.mode = "vht" is not allowed with wifi.band 2.4GHz: VHT (802.11ac) is 5 GHz only`);
  }
}

/** Rules that tie fields together; run on top of the per-field checks. */
function crossField(s: Scenario, errors: string[]): void {
  if (typeof s.warmupMs === 'number' && typeof s.durationMs === 'number' && s.warmupMs >= s.durationMs) {
    errors.push(`warmupMs = ${s.warmupMs} must be less than durationMs = ${s.durationMs}`);
  }
  const era = typeof s.era === 'string' ? ERAS[s.era as EraId] : undefined;
  const txDelay = isObject(s.tcp) ? s.tcp.tx_delay_us : undefined;
  if (era && !hasTcpTxDelay(era) && typeof txDelay === 'number' && txDelay > 0) {
    errors.push(
      `tcp.tx_delay_us = ${txDelay} needs Linux 5.4 or later (TCP_TX_DELAY delays each packet through its EDT stamp); ${era.label} has no such option: set it to 0 or choose a later era`,
    );
  }
  receiverRules(s, errors);
  perFlowRules(s, errors);
  const w = s.wifi;
  if (!isObject(w)) return;
  if (w.driver === 'brcmfmac' && w.brcmfmac === null)
    errors.push('wifi.brcmfmac is required when wifi.driver is brcmfmac');
  if (w.driver !== 'brcmfmac' && isObject(w.brcmfmac)) {
    errors.push(`wifi.brcmfmac (FC mode) applies only where wifi.driver is brcmfmac, not ${show(w.driver)}`);
  }
  if (w.driver === 'brcmfmac' && w.topology !== 'local')
    errors.push('wifi.driver brcmfmac is modelled as a station (wifi.topology local)');
  if (!Array.isArray(w.stations)) return;
  if (w.topology === 'local' && w.stations.length !== 1) {
    errors.push(
      `wifi.stations lists ${w.stations.length} stations, but wifi.topology local has exactly one peer (the AP): list one`,
    );
  }
  w.stations.forEach((st, i) => {
    if (!isObject(st)) return;
    checkRate(`wifi.stations.${i}.rate`, st.rate, w.band, errors);
    checkRate(`wifi.stations.${i}.uplinkRate`, st.uplinkRate, w.band, errors);
  });
}

/** Validates a whole scenario of the current schema; returns the errors (empty: valid). */
export function validateScenario(sc: unknown): string[] {
  if (!isObject(sc)) return ['the scenario must be a JSON object'];
  const errors: string[] = [];
  walk(SCHEMA, sc, '', errors);
  crossField(sc as unknown as Scenario, errors);
  if (errors.length <= MAX_ERRORS) return errors;
  return [...errors.slice(0, MAX_ERRORS), `... and ${errors.length - MAX_ERRORS} more problems`];
}

/**
 * Applies dotted-path overrides (values may be strings from a CLI or URL,
 * with k/M/G suffixes; a whole object may be given as JSON). Throws a
 * ScenarioError naming each bad field; never changes its input.
 */
export function applyOverrides(sc: Scenario, set: Record<string, ParamValue | null>): Scenario {
  const out = clone(sc);
  const errors: string[] = [];
  for (const [path, raw] of Object.entries(set)) {
    const existing = getPath(out, path);
    if (existing === undefined) {
      errors.push(`${keyText(path)} is not a field of this scenario`);
      continue;
    }
    // A nullable block (router, wifi, link.xen) switched on from a URL or the CLI arrives as JSON text.
    const json = existing === null && typeof raw === 'string' && /^\s*[[{]/.test(raw);
    let v: unknown;
    try {
      v = json ? (JSON.parse(raw) as unknown) : coerce(existing, raw, path);
    } catch {
      errors.push(`${path} = ${show(raw)} is not allowed: expected JSON for an object`);
      continue;
    }
    // A string that is no number coerces to NaN; report what was typed, not "null".
    const e = checkField(path, Number.isNaN(v) ? raw : v);
    if (e) errors.push(e);
    else setPath(out, path, v);
  }
  if (errors.length) throw new ScenarioError(errors);
  const all = validateScenario(out);
  if (all.length) throw new ScenarioError(all);
  return out;
}

/**
 * The overrides that run `sc` for `durationMs` instead of its own length. A
 * shorter run keeps the scenario's proportion of warm-up, so its medians still
 * describe a settled flow (a 2 s run of a preset with a 5 s warm-up would
 * otherwise measure nothing); a longer one keeps the warm-up as it is.
 */
export function durationOverrides(
  sc: Scenario,
  durationMs: number,
): { durationMs: number; warmupMs: number } {
  const warmupMs =
    durationMs < sc.durationMs ? Math.round((sc.warmupMs * durationMs) / sc.durationMs) : sc.warmupMs;
  return { durationMs, warmupMs };
}
