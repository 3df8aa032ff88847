/**
 * A simulated run as a Chrome trace-event / Perfetto JSON file (the "JSON
 * Object Format" of the Trace Event Format): one process per TCP flow with
 * one thread (track) per layer of the path, a complete event ('X') for each
 * stay of a traced skb in a layer, flow events linking one skb's slices
 * across the layers, and, for a chosen window, one instant event per engine
 * event on a track per target. Times are µs (the format's unit), fractional.
 */
import type { SkbHops, SkbTraceSite } from '../api';
import type { Ns } from '../engine/time';
import { HOP_NAMES } from '../model/skb-trace';
import type { EngineEvents } from './event-log';

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: 'X' | 'i' | 'M' | 's' | 't' | 'f';
  ts?: number;
  dur?: number;
  pid: number;
  tid?: number;
  s?: 't' | 'p' | 'g';
  id?: string;
  bp?: 'e';
  args?: Record<string, string | number | boolean | null>;
}

export interface TraceFile {
  traceEvents: TraceEvent[];
  displayTimeUnit: 'ns' | 'ms';
  otherData: Record<string, string | number | boolean>;
}

/** pid of the engine's process (flows are 1 + flow id). */
export const ENGINE_PID = 1000;

const us = (ns: Ns): number => ns / 1000;

interface Row {
  id: number;
  seg: number;
  kind: number;
  site: number;
  tNs: number;
}

/** Each traced object's hops (an skb, or one of its segments), in recorded (time) order. */
function groupRows(h: SkbHops): Row[][] {
  const by = new Map<string, Row[]>();
  for (let i = 0; i < h.id.length; i++) {
    const r = { id: h.id[i], seg: h.seg[i], kind: h.kind[i], site: h.site[i], tNs: h.tNs[i] };
    const k = `${r.id}/${r.seg}`;
    let a = by.get(k);
    if (!a) by.set(k, (a = []));
    a.push(r);
  }
  return [...by.values()];
}

/** The per-skb tracks: metadata, one slice per stay, flow arrows, a final instant. */
export function skbTraceEvents(hops: SkbHops, sites: readonly SkbTraceSite[]): TraceEvent[] {
  const info = new Map<number, { flow: number; seq: number; len: number; segs: number; truesize: number }>();
  for (let i = 0; i < hops.skbId.length; i++)
    info.set(hops.skbId[i], {
      flow: hops.skbFlow[i],
      seq: hops.skbSeq[i],
      len: hops.skbLen[i],
      segs: hops.skbSegs[i],
      truesize: hops.skbTruesize[i],
    });
  const out: TraceEvent[] = [];
  const tracks = new Set<string>();
  for (const rows of groupRows(hops)) {
    const sk = info.get(rows[0].id);
    const pid = 1 + (sk?.flow ?? 0);
    const name = rows[0].seg >= 0 ? `skb ${rows[0].id}.${rows[0].seg}` : `skb ${rows[0].id}`;
    const flowId = `${rows[0].id}.${rows[0].seg}`;
    rows.forEach((r, i) => {
      tracks.add(`${pid}/${r.site}`);
      const next = rows[i + 1];
      const args = {
        hop: HOP_NAMES[r.kind] ?? `hop ${r.kind}`,
        layer: sites[r.site]?.label ?? '',
        series: sites[r.site]?.series[r.kind] ?? null,
        seq: sk?.seq ?? null,
        payload_bytes: sk?.len ?? null,
        truesize_bytes: sk?.truesize ?? null,
      };
      const base = { name, cat: 'skb', pid, tid: r.site, ts: us(r.tNs) };
      if (next) out.push({ ...base, ph: 'X', dur: us(next.tNs - r.tNs), args });
      else out.push({ ...base, ph: 'i', s: 't', args });
      if (rows.length > 1) {
        const ph = i === 0 ? 's' : next ? 't' : 'f';
        out.push({
          name: 'skb path',
          cat: 'skb',
          ph,
          id: flowId,
          pid,
          tid: r.site,
          ts: us(r.tNs),
          ...(ph === 'f' ? { bp: 'e' as const } : {}),
        });
      }
    });
  }
  for (const key of tracks) {
    const [pid, tid] = key.split('/').map(Number);
    out.push({ name: 'thread_name', ph: 'M', pid, tid, args: { name: sites[tid]?.label || 'other' } });
    out.push({ name: 'thread_sort_index', ph: 'M', pid, tid, args: { sort_index: tid } });
  }
  for (const pid of new Set([...tracks].map((k) => Number(k.split('/')[0]))))
    out.push({ name: 'process_name', ph: 'M', pid, args: { name: `TCP flow ${pid - 1}: traced skbs` } });
  return out;
}

/** Every engine event of a window, one instant each, a track per target. */
export function engineTraceEvents(ev: EngineEvents, window: { t0Ns: Ns; t1Ns: Ns }): TraceEvent[] {
  const out: TraceEvent[] = [
    {
      name: 'process_name',
      ph: 'M',
      pid: ENGINE_PID,
      args: {
        name: `every event, ${us(window.t0Ns)}–${us(window.t1Ns)} µs${ev.truncated ? ' (cut short)' : ''}`,
      },
    },
  ];
  ev.targets.forEach((label, tid) =>
    out.push({ name: 'thread_name', ph: 'M', pid: ENGINE_PID, tid, args: { name: label } }),
  );
  for (let i = 0; i < ev.tNs.length; i++) {
    const tid = ev.target[i];
    out.push({
      name: `${ev.targets[tid]}: event ${ev.kind[i]}`,
      cat: 'engine',
      ph: 'i',
      s: 't',
      ts: us(ev.tNs[i]),
      pid: ENGINE_PID,
      tid,
    });
  }
  return out;
}

export function traceFile(events: TraceEvent[], about: Record<string, string | number | boolean>): TraceFile {
  return { traceEvents: events, displayTimeUnit: 'ns', otherData: { generator: 'TSQ Lab', ...about } };
}
