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
  const r = RULES[path];
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
  if (typeof s.warmupMs === 'number' && typeof s.durationMs === 'number' && s.warmupMs >= s.durationMs) {
    errors.push(`warmupMs = ${s.warmupMs} must be less than durationMs = ${s.durationMs}`);
  }
  return errors;
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
    const v = coerce(existing, raw);
    const e = checkField(path, v);
    if (e) errors.push(e);
    else setPath(out, path, v);
  }
  if (errors.length) throw new ScenarioError(errors);
  const all = validateScenario(out);
  if (all.length) throw new ScenarioError(all);
  return out;
}
