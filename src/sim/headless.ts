/**
 * One run without a host, for what a live run cannot give at once: a
 * lesson's comparison run, summaries at given times, and the trace file
 * (the per-skb hops, and every event of a window). The same preset,
 * overrides, seed and changes as a live run give the same run.
 */
import type { ParamValue, ScheduledChange, SkbHops, SkbTraceSite, Summary } from './api';
import type { LiveModelSim } from './live';
import { createSim } from './index';
import { EventLog, type EngineEvents } from './metrics/event-log';
import {
  engineTraceEvents,
  skbTraceEvents,
  traceFile,
  type TraceEvent,
  type TraceFile,
} from './metrics/trace-event';
import { eventTargetNames } from './scenario/event-names';

export interface HeadlessRequest {
  presetId: string;
  overrides: Record<string, ParamValue>;
  seed: number;
  changes?: ScheduledChange[];
  /**
   * Times (ns) to take a summary at, ascending: each is the summary after
   * every event before that time (before a change scheduled at it). The
   * run ends at the last.
   */
  marksNs: number[];
  /** Also return a trace file: the per-skb probe at one skb in `everyN`, and every event of `windowNs`. */
  trace?: { everyN?: number; windowNs?: [number, number] };
}

export type HeadlessResult =
  { ok: true; summaries: Summary[]; trace?: TraceFile } | { ok: false; error: string };

/** Summaries at the marks (and the trace file when asked for). */
export function runHeadless(req: HeadlessRequest): HeadlessResult {
  const r = createSim(req.presetId, req.overrides, req.seed, req.changes);
  if (!r.ok) return r;
  const sim = r.sim as LiveModelSim;
  const marks = [...req.marksNs].sort((a, b) => a - b);
  const tr = req.trace;
  const sites: SkbTraceSite[] = tr?.everyN ? sim.traceSkbs({ everyN: tr.everyN }) : [];
  const hops: SkbHops[] = [];
  let log: EventLog | null = null;
  const summaries: Summary[] = [];
  for (const atNs of marks) {
    if (tr?.windowNs && !log) {
      // Run to the window's start plainly, then watch every event to its end.
      sim.runUntil(Math.min(atNs, tr.windowNs[0]) - 1);
      log = new EventLog(tr.windowNs[0], tr.windowNs[1], eventTargetNames(sim.current));
      sim.current.sim.observer = log.observe;
    }
    sim.runUntil(Math.max(0, atNs - 1));
    summaries.push(sim.summary());
    if (tr) hops.push(sim.takeFrame().hops ?? emptyHops());
  }
  if (!tr) return { ok: true, summaries };
  const events: TraceEvent[] = sites.length ? skbTraceEvents(concatHops(hops), sites) : [];
  const engine: EngineEvents | null = log?.events() ?? null;
  if (engine && tr.windowNs)
    events.push(...engineTraceEvents(engine, { t0Ns: tr.windowNs[0], t1Ns: tr.windowNs[1] }));
  const trace = traceFile(events, {
    preset: req.presetId,
    seed: req.seed,
    simulated_ns: sim.nowNs,
    every_nth_skb: tr.everyN ?? 0,
    ...(tr.windowNs ? { window_start_ns: tr.windowNs[0], window_end_ns: tr.windowNs[1] } : {}),
  });
  return { ok: true, summaries, trace };
}

const HOP_KEYS = [
  'id',
  'seg',
  'kind',
  'site',
  'tNs',
  'skbId',
  'skbFlow',
  'skbSeq',
  'skbLen',
  'skbSegs',
  'skbTruesize',
  'skbTNs',
] as const;

export function emptyHops(): SkbHops {
  return Object.fromEntries(HOP_KEYS.map((k) => [k, new Float64Array(0)])) as unknown as SkbHops;
}

/** Several frames' hops as one. */
export function concatHops(parts: readonly SkbHops[]): SkbHops {
  const out = emptyHops();
  for (const k of HOP_KEYS) {
    const n = parts.reduce((s, p) => s + p[k].length, 0);
    const a = new Float64Array(n);
    let at = 0;
    for (const p of parts) {
      a.set(p[k], at);
      at += p[k].length;
    }
    out[k] = a;
  }
  return out;
}
