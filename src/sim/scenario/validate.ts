/**
 * Scenario validation shared by every entry point (app, URL, file import,
 * CLI): types, ranges, enums and cross-field rules. Each error names the
 * field, the value and what is allowed.
 */
import type { ParamValue } from '../api';
import { ERA_IDS } from './eras';
import { clone, coerce, getPath, setPath } from './paths';
import { SCENARIO_SCHEMA, type Scenario } from './scenario';

type Rule =
  | { t: 'int' | 'number'; min: number; max: number; nullable?: boolean }
  | { t: 'bool' }
  | { t: 'enum'; values: readonly (string | number)[] }
  | { t: 'string' };

const KB = 1024;

/** Ranges of every numeric field; wide enough for extreme but valid settings. */
export const RULES: Record<string, Rule> = {
  schema: { t: 'int', min: 1, max: SCENARIO_SCHEMA },
  title: { t: 'string' },
  era: { t: 'enum', values: ERA_IDS },
  durationMs: { t: 'number', min: 1, max: 3_600_000 },
  warmupMs: { t: 'number', min: 0, max: 3_600_000 },
  sampleIntervalUs: { t: 'number', min: 10, max: 1_000_000 },
  'tcp.cc': { t: 'enum', values: ['reno', 'cubic', 'bbr'] },
  'tcp.flows': { t: 'int', min: 1, max: 64 },
  'tcp.mssBytes': { t: 'int', min: 88, max: 65000 },
  'tcp.initialCwnd': { t: 'int', min: 1, max: 1000 },
  'tcp.sndbufBytes': { t: 'int', min: 4096, max: 1 << 30 },
  'tcp.tcp_limit_output_bytes': { t: 'int', min: 1, max: 64 * KB * KB, nullable: true },
  'tcp.sk_pacing_shift': { t: 'int', min: 0, max: 20, nullable: true },
  'tcp.min_tso_segs': { t: 'int', min: 1, max: 64 },
  'tcp.tx_delay_us': { t: 'number', min: 0, max: 1_000_000 },
  'tcp.maxPacingRateBps': { t: 'number', min: 0, max: 1e12 },
  'cpu.enabled': { t: 'bool' },
  'cpu.perSkbNs': { t: 'number', min: 0, max: 1e7 },
  'cpu.perByteCopyNs': { t: 'number', min: 0, max: 1000 },
  'cpu.perSkbAllocNs': { t: 'number', min: 0, max: 1e7 },
  'cpu.perAckedSkbNs': { t: 'number', min: 0, max: 1e7 },
  'cpu.perGsoSegmentNs': { t: 'number', min: 0, max: 1e7 },
  'cpu.perByteGsoCopyNs': { t: 'number', min: 0, max: 1000 },
  'cpu.perSegmentXmitNs': { t: 'number', min: 0, max: 1e7 },
  'cpu.perTimerNs': { t: 'number', min: 0, max: 1e7 },
  'cpu.perAckNs': { t: 'number', min: 0, max: 1e7 },
  'cpu.perCompletionNs': { t: 'number', min: 0, max: 1e7 },
  'cpu.timerLatencyNs': { t: 'number', min: 0, max: 1e8 },
  'qdisc.kind': { t: 'enum', values: ['pfifo_fast', 'fq', 'fq_codel', 'pfifo'] },
  'qdisc.txqueuelen': { t: 'int', min: 1, max: 1_000_000 },
  'qdisc.limit': { t: 'int', min: 1, max: 10_000_000, nullable: true },
  'qdisc.flowLimit': { t: 'int', min: 1, max: 1_000_000 },
  'qdisc.codelTargetUs': { t: 'number', min: 1, max: 10_000_000 },
  'qdisc.codelIntervalUs': { t: 'number', min: 1, max: 100_000_000 },
  'qdisc.ecn': { t: 'bool' },
  'link.rateBps': { t: 'number', min: 1e6, max: 100e9 },
  'link.propagationUs': { t: 'number', min: 0, max: 500_000 },
  'link.ringSlots': { t: 'int', min: 1, max: 65536 },
  'link.bql': { t: 'bool' },
  'link.sg': { t: 'bool' },
  'link.gsoMaxSizeBytes': { t: 'int', min: 1500, max: 524288 },
  'receiver.groWindowUs': { t: 'number', min: 0, max: 100_000 },
  'receiver.delackMs': { t: 'number', min: 1, max: 500 },
  pingIntervalMs: { t: 'number', min: 0, max: 60_000 },
};

/** Fields checked only when the scenario has a router. */
export const ROUTER_RULES: Record<string, Rule> = {
  'router.rateBps': { t: 'number', min: 1e6, max: 100e9 },
  'router.propagationUs': { t: 'number', min: 0, max: 500_000 },
  'router.qdisc.kind': { t: 'enum', values: ['pfifo_fast', 'fq', 'fq_codel', 'pfifo'] },
};

/** Fields checked only when the scenario has a WiFi part. */
export const WIFI_RULES: Record<string, Rule> = {
  'wifi.topology': { t: 'enum', values: ['local', 'ap'] },
  'wifi.band': { t: 'enum', values: ['2.4GHz', '5GHz'] },
  'wifi.driver': { t: 'enum', values: ['ath9k', 'brcmfmac'] },
  'wifi.queueing': { t: 'enum', values: ['itxq', 'legacy'] },
  'wifi.txStatusDelayUs': { t: 'number', min: 0, max: 100_000 },
  'wifi.legacyMaxPending': { t: 'int', min: 1, max: 100_000 },
  'wifi.wiredRateBps': { t: 'number', min: 1e6, max: 100e9 },
  'wifi.wiredPropagationUs': { t: 'number', min: 0, max: 500_000 },
  'wifi.airtimeFairness': { t: 'bool' },
  'wifi.aql': { t: 'bool' },
  'wifi.pingIntervalMs': { t: 'number', min: 0, max: 60_000 },
  'wifi.brcmfmac.fcMode': { t: 'enum', values: [0, 1, 2] },
};

export class ScenarioError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
  }
}

function describe(r: Rule): string {
  switch (r.t) {
    case 'int':
      return `an integer from ${r.min} to ${r.max}${r.nullable ? ' or null' : ''}`;
    case 'number':
      return `a number from ${r.min} to ${r.max}${'nullable' in r && r.nullable ? ' or null' : ''}`;
    case 'bool':
      return 'true or false';
    case 'enum':
      return `one of ${r.values.join(', ')}`;
    case 'string':
      return 'a string';
  }
}

export function checkField(path: string, v: unknown): string | null {
  const r = RULES[path] ?? WIFI_RULES[path] ?? ROUTER_RULES[path];
  if (!r) return null;
  const bad = `${path} = ${JSON.stringify(v)} is not allowed: expected ${describe(r)}`;
  switch (r.t) {
    case 'int':
    case 'number':
      if (v === null && r.nullable) return null;
      if (typeof v !== 'number' || !Number.isFinite(v)) return bad;
      if (r.t === 'int' && !Number.isInteger(v)) return bad;
      return v < r.min || v > r.max ? bad : null;
    case 'bool':
      return typeof v === 'boolean' ? null : bad;
    case 'enum':
      return r.values.includes(v as string) ? null : bad;
    case 'string':
      return typeof v === 'string' ? null : bad;
  }
}

/** Validates a whole scenario; returns the list of errors (empty: valid). */
export function validateScenario(sc: unknown): string[] {
  const errors: string[] = [];
  if (sc === null || typeof sc !== 'object') return ['the scenario must be a JSON object'];
  for (const path of Object.keys(RULES)) {
    const v = getPath(sc, path);
    if (v === undefined) {
      errors.push(`${path} is missing: expected ${describe(RULES[path])}`);
      continue;
    }
    const e = checkField(path, v);
    if (e) errors.push(e);
  }
  const s = sc as Scenario;
  errors.push(...checkCompletion('link.completion', s.link?.completion));
  if (s.link?.xen) {
    for (const f of ['ringSlots', 'backendPerSkbUs', 'deallocFixedUs', 'deallocMeanExtraUs', 'deallocStallMeanUs', 'evtchnUs'] as const) {
      const v = s.link.xen[f];
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1e7) {
        errors.push(`link.xen.${f} = ${JSON.stringify(v)} is not allowed: expected a number from 0 to 10000000`);
      }
    }
    const p = s.link.xen.deallocStallProb;
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
      errors.push(`link.xen.deallocStallProb = ${JSON.stringify(p)} is not allowed: expected a probability from 0 to 1`);
    }
    errors.push(...checkCompletion('link.xen.physCompletion', s.link.xen.physCompletion));
  }
  if (s.router) {
    for (const path of Object.keys(ROUTER_RULES)) {
      const e = checkField(path, getPath(sc, path));
      if (e) errors.push(e);
    }
  }
  if (s.wifi) {
    for (const path of Object.keys(WIFI_RULES)) {
      const v = getPath(sc, path);
      if (v === undefined) {
        if (path.startsWith('wifi.brcmfmac.')) continue;
        errors.push(`${path} is missing: expected ${describe(WIFI_RULES[path])}`);
        continue;
      }
      const e = checkField(path, v);
      if (e) errors.push(e);
    }
    if (!Array.isArray(s.wifi.stations) || s.wifi.stations.length < 1 || s.wifi.stations.length > 50) {
      errors.push('wifi.stations must list 1 to 50 stations');
    }
    if (s.wifi.driver === 'brcmfmac' && !s.wifi.brcmfmac) errors.push('wifi.brcmfmac is required when wifi.driver is brcmfmac');
    if (s.wifi.driver !== 'brcmfmac' && s.wifi.brcmfmac) {
      errors.push(`wifi.brcmfmac (FC mode) applies only where wifi.driver is brcmfmac, not ${s.wifi.driver}`);
    }
    if (s.wifi.driver === 'brcmfmac' && s.wifi.topology !== 'local') errors.push('wifi.driver brcmfmac is modelled as a station (wifi.topology local)');
  }
  if (typeof s.warmupMs === 'number' && typeof s.durationMs === 'number' && s.warmupMs >= s.durationMs) {
    errors.push(`warmupMs = ${s.warmupMs} must be less than durationMs = ${s.durationMs}`);
  }
  return errors;
}

function checkCompletion(path: string, c: unknown): string[] {
  if (c === null || typeof c !== 'object') return [`${path} is missing: expected {kind: 'immediate', delayNs} or {kind: 'coalesced', usecs, frames}`];
  const o = c as Record<string, unknown>;
  const num = (k: string, max: number): string[] =>
    typeof o[k] === 'number' && Number.isFinite(o[k]) && (o[k] as number) >= 0 && (o[k] as number) <= max
      ? []
      : [`${path}.${k} = ${JSON.stringify(o[k])} is not allowed: expected a number from 0 to ${max}`];
  if (o.kind === 'immediate') return num('delayNs', 1e9);
  if (o.kind === 'coalesced') return [...num('usecs', 1e6), ...num('frames', 65536)];
  return [`${path}.kind = ${JSON.stringify(o.kind)} is not allowed: expected one of immediate, coalesced`];
}

/** Applies dotted-path overrides (values may be strings from a CLI or URL). */
export function applyOverrides(sc: Scenario, set: Record<string, ParamValue | null>): Scenario {
  const out = clone(sc);
  const errors: string[] = [];
  for (const [path, raw] of Object.entries(set)) {
    const existing = getPath(out, path);
    if (existing === undefined) {
      errors.push(`${path} is not a field of this scenario`);
      continue;
    }
    const v = coerce(existing, raw, path);
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
