/**
 * The refs of a lesson's prose and expressions (./validate.ts): each names a
 * mark of its step, a scenario field (param), a scheduled change, a
 * comparison run or a published cell, and a summary field that exists.
 */
import { getPath } from '../scenario/paths';
import { parseExpr, refsOf } from './expr';

export const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

const SUMMARY_FIELDS = new Set([
  'simulatedNs',
  'goodputBps',
  'medianLatencyMs',
  'medianAggregate',
  'tsqLimitBytes',
  'forwarded',
  'cpuBusy',
  'medianCompletionUs',
  'throttledFraction',
  'drops',
  'bound',
  'events',
]);
const STATION_FIELDS = new Set([
  'name',
  'goodputBps',
  'medianPingMs',
  'medianAggregate',
  'medianAvgAmpduLen',
  'airtimeShare',
]);
const BUDGET_FIELDS = new Set([
  'dynamic',
  'limitBytes',
  'twiceTruesizeBytes',
  'pacingTermBytes',
  'capBytes',
  'capApplies',
  'txDelayBytes',
  'pacingShift',
  'pacingRateBps',
  'payloadPerTruesize',
  'ceilingBps',
]);

const WIFI_FIELDS = new Set(['driver', 'medianAggregateBytes', 'medianDriverStatusUs', 'meanFirmwareBytes']);

const Q = ['mean', 'p10', 'median', 'p90'];
/** Lists of the summary a path may index (<list>.<i>.<field>[.<part>]), with each field and its parts. */
const LISTS: Record<string, Record<string, string[] | null>> = {
  flowShares: { goodputBps: null, baseRttMs: null, meanSrttMs: null, startMs: null },
  udp: { targetBps: null, goodputBps: null, lossFraction: null, jitterMs: null },
  udpProbes: {
    rttMs: Q,
    sendDelayMs: ['mean', 'median'],
    receiveDelayMs: ['mean', 'median'],
    lossFraction: null,
    sent: null,
    received: null,
    intervalMs: null,
  },
  qdiscs: { drops: null, overlimits: null, backlogPkts: Q.slice(1), backlogBytes: Q.slice(1) },
};

/** Why a path into one of LISTS is not one, or null. */
function listPathError(list: string, rest: string[]): string | null {
  const fields = LISTS[list];
  const [i, field, part, ...more] = rest;
  const parts = field !== undefined && Object.hasOwn(fields, field) ? fields[field] : undefined;
  const ok =
    i !== undefined &&
    /^\d+$/.test(i) &&
    parts !== undefined &&
    more.length === 0 &&
    (parts === null ? part === undefined : part !== undefined && parts.includes(part));
  if (ok) return null;
  const names = Object.entries(fields).map(([k, ps]) => (ps ? `${k}.{${ps.join(',')}}` : k));
  return `${list}.<index>.<field>, a field of ${names.join(', ')}`;
}

/** Why a summary path is not one, or null. */
function summaryPathError(path: string[]): string | null {
  const [f, ...rest] = path;
  if (Object.hasOwn(LISTS, f)) return listPathError(f, rest);
  if (f === 'latencyMs')
    return rest.length === 1 && Q.includes(rest[0]) ? null : `latencyMs has ${Q.join(', ')}`;
  if (f === 'wifi')
    return rest.length === 1 && WIFI_FIELDS.has(rest[0]) ? null : `wifi has ${[...WIFI_FIELDS].join(', ')}`;
  if (f === 'seriesMeans') return rest.length ? null : 'names no series (seriesMeans.<series key>)';
  if (f === 'tsqBudget')
    return rest.length === 1 && BUDGET_FIELDS.has(rest[0])
      ? null
      : `tsqBudget has ${[...BUDGET_FIELDS].join(', ')}`;
  if (f === 'stations')
    return rest.length === 2 && /^\d+$/.test(rest[0]) && STATION_FIELDS.has(rest[1])
      ? null
      : `stations.<index>.<field>, a field of ${[...STATION_FIELDS].join(', ')}`;
  if (SUMMARY_FIELDS.has(f) && rest.length === 0) return null;
  return `is not a summary field (${[...SUMMARY_FIELDS].join(', ')}, stations, tsqBudget, seriesMeans, latencyMs, ${Object.keys(LISTS).join(', ')})`;
}

export interface StepScope {
  marks: Set<string>;
  compare: Set<string>;
  cells: Set<string>;
  scenario: unknown;
  changes: number;
}

/** Errors of one expression's refs. */
export function refErrors(src: string, scope: StepScope): string[] {
  let refs: string[][];
  try {
    refs = refsOf(parseExpr(src));
  } catch (e) {
    return [`the expression ${show(src)} ${(e as Error).message}`];
  }
  const out: string[] = [];
  for (const path of refs) {
    const [root, ...rest] = path;
    const at = path.join('.');
    if (root === 'param') {
      if (getPath(scope.scenario, rest.join('.')) === undefined)
        out.push(`${at}: the scenario has no field ${rest.join('.')}`);
    } else if (root === 'change') {
      if (!(rest.length === 1 && /^\d+$/.test(rest[0]) && Number(rest[0]) < scope.changes))
        out.push(`${at}: the step has ${scope.changes} scheduled changes (change.0 is the first)`);
    } else if (root === 'published') {
      if (!scope.cells.has(rest.join('.')))
        out.push(
          `${at}: the preset's table has no cell ${rest.join('.')} (cells: ${[...scope.cells].join(', ') || 'none'})`,
        );
    } else if (root === 'compare') {
      if (!scope.compare.has(rest[0])) out.push(`${at}: no comparison run ${show(rest[0])}`);
      else {
        const e = summaryPathError(rest.slice(1));
        if (e) out.push(`${at}: ${rest.slice(1).join('.')} ${e}`);
      }
    } else if (root === 'now') {
      const e = summaryPathError(rest);
      if (e) out.push(`${at}: ${rest.join('.')} ${e}`);
    } else if (!scope.marks.has(root)) {
      out.push(
        `${at}: ${show(root)} is not a mark of this step (marks: ${[...scope.marks].join(', ')}), nor param, compare, published or now`,
      );
    } else {
      const e = summaryPathError(rest);
      if (e) out.push(`${at}: ${rest.join('.')} ${e}`);
    }
  }
  return out;
}
