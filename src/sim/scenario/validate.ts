/**
 * Scenario validation shared by every entry point (app, URL, file import,
 * CLI): types, ranges, units, unknown fields and cross-field rules, from the
 * schema in ./validate-rules.ts. Each error names the field, the value and
 * what is allowed.
 */
import { describe, keyText, show } from './show-value';
import type { ParamValue } from '../api';
import { clone, coerce, getPath, setPath } from './paths';
import type { Scenario } from './scenario';
import type { PhyRate } from '../model/wifi/types';
import { vhtHeRateError } from '../model/wifi/phy/vht-he';
import { bandPhyError } from './band-phy';
import { ERAS, type EraId } from './eras';
import { checkChanges } from './changes';
import { checkShapers } from './validate-shaper';
import { kernelFeatures } from './kernel';
import { hasEdt } from '../model/tcp/kernel-features';
import { perFlowRules, receiverRules, udpProbeRules, udpRules } from './validate-flows';
import { leafRules, ruleAt } from './rule-lookup';
import { type Node, type Rule, SCHEMA } from './validate-rules';

export { MAX_PACING_SHIFT, MAX_STATIONS, type Rule } from './validate-rules';
export { describe, keyText, show } from './show-value';

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

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function ruleError(r: Rule, v: unknown): boolean {
  switch (r.t) {
    case 'int':
    case 'number':
      if (v === null) return !r.nullable;
      if (typeof v !== 'number' || !Number.isFinite(v)) return true;
      if (r.t === 'int' && !Number.isInteger(v)) return true;
      if (r.off !== undefined && v === r.off) return false;
      return v < r.min || v > r.max;
    case 'bool':
      return v === null ? !r.nullable : typeof v !== 'boolean';
    case 'enum':
      if (v === null) return !r.nullable;
      return !r.values.includes(v as string);
    case 'string':
      return typeof v !== 'string' || v.length > r.maxLength;
    case 'scalar':
      if (typeof v === 'string') return v.length > r.maxLength;
      return !(v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)));
  }
}

/** Checks one leaf against its rule; null when fine or when the path has no leaf rule. */
export function checkField(path: string, v: unknown): string | null {
  const r = ruleAt(path);
  if (!r) return null;
  // An optional field may be left out.
  if (v === undefined && r.optional === true) return null;
  return ruleError(r, v) ? `${path} = ${show(v)} is not allowed: expected ${describe(r)}` : null;
}

function walk(n: Node, v: unknown, path: string, errors: string[]): void {
  const name = path || 'the scenario';
  if (v === undefined && 'optional' in n && n.optional) return;
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
      if (v === null && n.nullable) return;
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
    else checkVhtHe(path, r, errors);
  } else if (r.mode === 'legacy') {
    checkLegacy(path, r, band, errors);
  } else if (r.mode === 'he') {
    if (typeof r.mcs === 'number' && r.mcs > 11)
      errors.push(`${path}.mcs = ${show(r.mcs)} is not allowed for HE: expected an integer from 0 to 11`);
    else checkVhtHe(path, r, errors);
  }
  const e = bandPhyError(path, r, band);
  if (e) errors.push(e);
  if (r.mode !== 'he' && (r.giNs !== undefined || r.heLtf !== undefined))
    errors.push(`${path}.giNs and ${path}.heLtf are HE fields: leave them out for ${show(r.mode)}`);
  if (r.shortPreamble !== undefined && !(r.mode === 'legacy' && r.mcs >= 1 && r.mcs <= 3))
    errors.push(
      `${path}.shortPreamble applies only to the 2, 5.5 and 11 Mbit/s 802.11b rates (mode legacy, mcs 1 to 3)`,
    );
}

/** A legacy rate: an index into 1, 2, 5.5, 11 (802.11b, 2.4 GHz only), 6 … 54 Mbit/s; one stream, 20 MHz, long GI. */
function checkLegacy(path: string, r: PhyRate, band: unknown, errors: string[]): void {
  if (typeof r.mcs === 'number' && r.mcs > 11)
    errors.push(
      `${path}.mcs = ${show(r.mcs)} is not allowed for legacy: expected 0 to 11 (1, 2, 5.5, 11, 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s)`,
    );
  else if (band === '5GHz' && typeof r.mcs === 'number' && r.mcs < 4)
    errors.push(
      `${path}.mcs = ${r.mcs} is an 802.11b (DSSS/CCK) rate, which 5 GHz does not have: use 4 to 11 (6 to 54 Mbit/s)`,
    );
  if (r.nss !== 1 || r.widthMHz !== 20 || r.shortGi !== false)
    errors.push(`${path}: a legacy rate has nss 1, widthMHz 20 and shortGi false`);
}

/** What a station's channel and rate control may be given together. */
function checkStationLink(
  path: string,
  st: Record<string, unknown>,
  driver: unknown,
  errors: string[],
): void {
  if (typeof st.snrDb === 'number' && typeof st.frameErrorRate === 'number' && st.frameErrorRate > 0)
    errors.push(
      `${path}.frameErrorRate = ${st.frameErrorRate} and ${path}.snrDb = ${st.snrDb} are both given: the SNR sets the loss at every rate; set frameErrorRate to 0 or snrDb to null`,
    );
  const legacyRate = [st.rate, st.uplinkRate].some((r) => isObject(r) && r.mode === 'legacy');
  if (st.rateControl === 'minstrel_ht' && legacyRate)
    errors.push(
      `${path}.rateControl = "minstrel_ht" needs an HT, VHT or HE station: a legacy station's rate is pinned (mac80211's legacy minstrel is not modelled)`,
    );
  if (legacyRate && driver !== 'ath9k')
    errors.push(
      `${path}: legacy (802.11a/b/g) rates are modelled with wifi.driver ath9k, not ${show(driver)}`,
    );
  if (driver === 'brcmfmac' && (typeof st.snrDb === 'number' || st.rateControl === 'minstrel_ht'))
    errors.push(
      `${path}: brcmfmac's firmware runs its own rate control over a pinned link here: give frameErrorRate, with snrDb null and rateControl "fixed"`,
    );
}

/** The standard's list of VHT and HE rates (excluded MCS, HE GI/LTF pairs), once each field is in range. */
function checkVhtHe(path: string, r: PhyRate, errors: string[]): void {
  if (![20, 40, 80, 160].includes(r.widthMHz) || !Number.isInteger(r.nss) || r.nss < 1 || r.nss > 8) return;
  const e = vhtHeRateError(r);
  if (e) errors.push(`${path} is not a rate: ${e}`);
}

/**
 * Blocks a WiFi scenario would carry without effect: the WiFi builder has no
 * router after the sender (the sender reaches the stations through the AP's
 * wired side, wifi.wiredRateBps) and no Xen netfront. Refused rather than
 * ignored, so that a run never looks as if a setting had been tried.
 */
function contradictions(s: Scenario, errors: string[]): void {
  if (s.router !== null && s.router !== undefined)
    errors.push(
      'router applies only to a wired scenario: with wifi set there is no router (the AP’s wired side is wifi.wiredRateBps and wifi.wiredPropagationUs); set router to null, or wifi to null for a wired run',
    );
  if (isObject(s.link) && s.link.xen !== null && s.link.xen !== undefined)
    errors.push(
      'link.xen applies only to a wired scenario: with wifi set the sender has no Xen netfront; set link.xen to null, or wifi to null for a wired run',
    );
}

/** Rules that tie fields together; run on top of the per-field checks. */
function crossField(s: Scenario, errors: string[]): void {
  if (typeof s.warmupMs === 'number' && typeof s.durationMs === 'number' && s.warmupMs >= s.durationMs) {
    errors.push(`warmupMs = ${s.warmupMs} must be less than durationMs = ${s.durationMs}`);
  }
  const era = typeof s.era === 'string' && Object.hasOwn(ERAS, s.era) ? ERAS[s.era as EraId] : undefined;
  const txDelay = isObject(s.tcp) ? s.tcp.tx_delay_us : undefined;
  const kernel = era && isObject(s.kernel) ? kernelFeatures(s) : null;
  if (kernel && era && !hasEdt(kernel) && typeof txDelay === 'number' && txDelay > 0) {
    errors.push(
      `tcp.tx_delay_us = ${txDelay} needs Linux 5.4 or later with EDT pacing (TCP_TX_DELAY delays each packet through its EDT stamp); ${era.label}${s.kernel.pacing !== null ? ` with kernel.pacing = ${show(s.kernel.pacing)}` : ''} has no such option: set it to 0, choose a later era or kernel.pacing edt`,
    );
  }
  checkShapers(s, errors);
  receiverRules(s, errors);
  perFlowRules(s, errors);
  udpRules(s, errors);
  udpProbeRules(s, errors);
  const w = s.wifi;
  if (!isObject(w)) return;
  contradictions(s, errors);
  if (w.driver === 'brcmfmac' && w.brcmfmac === null)
    errors.push('wifi.brcmfmac is required when wifi.driver is brcmfmac');
  if (w.driver !== 'brcmfmac' && isObject(w.brcmfmac)) {
    errors.push(`wifi.brcmfmac (FC mode) applies only where wifi.driver is brcmfmac, not ${show(w.driver)}`);
  }
  if (w.driver === 'brcmfmac' && w.topology !== 'local')
    errors.push('wifi.driver brcmfmac is modelled as a station (wifi.topology local)');
  driverBlocks(w, errors);
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
    checkStationLink(`wifi.stations.${i}`, st as unknown as Record<string, unknown>, w.driver, errors);
  });
}

/** Each driver family's block is there for its driver and absent otherwise; HE needs an HE chip; where senders may sit. */
function driverBlocks(w: Scenario['wifi'] & object, errors: string[]): void {
  for (const f of ['ath10k', 'mt76'] as const) {
    if (w.driver === f && w[f] === null) errors.push(`wifi.${f} is required when wifi.driver is ${f}`);
    if (w.driver !== f && isObject(w[f]))
      errors.push(`wifi.${f} applies only where wifi.driver is ${f}, not ${show(w.driver)}`);
  }
  if (w.tcpSender === 'stations' && w.topology !== 'ap')
    errors.push('wifi.tcpSender = "stations" needs wifi.topology ap (the stations of an AP upload)');
  const heChip = w.driver === 'mt76' && isObject(w.mt76) && w.mt76.chip !== 'mt7615';
  if (!Array.isArray(w.stations) || heChip) return;
  w.stations.forEach((st, i) => {
    if (!isObject(st)) return;
    for (const k of ['rate', 'uplinkRate'] as const)
      if (isObject(st[k]) && st[k].mode === 'he')
        errors.push(
          `wifi.stations.${i}.${k}.mode = "he" needs an 802.11ax radio: wifi.driver mt76 with chip mt7915 or mt7921, not ${show(w.driver)}`,
        );
  });
}

/** Validates a whole scenario of the current schema; returns the errors (empty: valid). */
export function validateScenario(sc: unknown): string[] {
  if (!isObject(sc)) return ['the scenario must be a JSON object'];
  const errors: string[] = [];
  walk(SCHEMA, sc, '', errors);
  crossField(sc as unknown as Scenario, errors);
  // The list's shape was checked above; what each change names is checked against the knobs.
  if (errors.length === 0) checkChanges(sc as unknown as Scenario, errors);
  if (errors.length <= MAX_ERRORS) return errors;
  return [...errors.slice(0, MAX_ERRORS), `... and ${errors.length - MAX_ERRORS} more problems`];
}

/** For a path into a list by something other than an item's index (".length", "-1", "1.5"): how its items are named. */
function listHint(sc: Scenario, path: string): string {
  const cut = path.lastIndexOf('.');
  if (cut < 0) return '';
  const parent = path.slice(0, cut);
  const list = getPath(sc, parent);
  if (!Array.isArray(list)) return '';
  const last = list.length - 1;
  const range = last > 0 ? `${parent}.0 to ${parent}.${last}` : `${parent}.0`;
  const length =
    path.slice(cut + 1) === 'length' ? '; its length is not a field: set the whole list to change it' : '';
  return `: ${keyText(parent)} is a list of ${list.length} item${list.length === 1 ? '' : 's'}, named by index (${range})${length}`;
}

/** A top-level list the schema lets a scenario leave out. */
function isOptionalList(path: string): boolean {
  const n = Object.hasOwn(SCHEMA.fields, path) ? SCHEMA.fields[path] : undefined;
  return n !== undefined && n.t === 'array' && n.optional === true;
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
    // An optional list the scenario leaves out (udpFlows, udpProbes) is given whole, as JSON.
    const absentList = existing === undefined && isOptionalList(path);
    if (existing === undefined && !absentList) {
      errors.push(`${keyText(path)} is not a field of this scenario${listHint(out, path)}`);
      continue;
    }
    // A nullable block (router, wifi, link.xen) switched on from a URL or the CLI arrives as JSON text,
    // as does a whole list (tcp.perFlow with another number of flows).
    const json =
      (existing === null || absentList || Array.isArray(existing)) &&
      typeof raw === 'string' &&
      /^\s*[[{]/.test(raw);
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
    else if (absentList) (out as unknown as Record<string, unknown>)[path] = v;
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
