/**
 * The per-skb probe's store: samples one skb in `everyN` that a sender
 * builds (at most `maxLive` traced at once), records every hop the traced
 * skbs and their segments make (../model/skb-trace.ts) into bounded columns,
 * and hands them over with each frame as columnar typed arrays. The sites a
 * hop happens at (a qdisc, a NIC, the air) are registered by the builder,
 * each with the occupancy series that counts the skb after a hop there.
 * Nothing here runs unless a host turns the probe on.
 */
import type { SkbHops, SkbTraceSite } from '../api';
import type { Ns } from '../engine/time';
import type { Skb } from '../model/skb';
import { Hop, SkbTrace, type SkbTraceSink } from '../model/skb-trace';

export interface SkbTraceOptions {
  /** Trace one skb in this many (per sender); 1 traces each, within maxLive. */
  everyN: number;
  /** Traced skbs and segments alive at once (default 256): bounds the work and the rows per frame. */
  maxLive?: number;
}

/** Hop rows kept between two frames at most (the oldest half goes when a host falls behind). */
const MAX_ROWS = 65_536;

/** A growable column of numbers, halved from the front past MAX_ROWS. */
class Col {
  data = new Float64Array(256);
  n = 0;
  push(v: number): void {
    if (this.n === this.data.length) {
      if (this.n >= MAX_ROWS) {
        this.data.copyWithin(0, this.n / 2, this.n);
        this.n /= 2;
      } else {
        const d = new Float64Array(this.data.length * 2);
        d.set(this.data);
        this.data = d;
      }
    }
    this.data[this.n++] = v;
  }
}

/** Where a hop happened and which occupancy series counts the skb after it, by hop kind. */
export interface SiteSpec {
  label: string;
  /** Series for every kind at this site, unless `byKind` names one. */
  series: string | null;
  byKind?: Partial<Record<Hop, string | null>>;
}

export class SkbTracer implements SkbTraceSink {
  private readonly siteIndex = new Map<object, number>();
  private readonly sites: SkbTraceSite[] = [];
  private opts: Required<SkbTraceOptions> = { everyN: 1, maxLive: 256 };
  private nextId = 1;
  private sent = 0;
  /** Traces created and not yet freed or dropped (or split into segments). */
  live = 0;
  private readonly rows = { id: new Col(), seg: new Col(), kind: new Col(), site: new Col(), t: new Col() };
  private readonly skbs = {
    id: new Col(),
    flow: new Col(),
    seq: new Col(),
    len: new Col(),
    segs: new Col(),
    truesize: new Col(),
    t: new Col(),
  };

  constructor(sites: readonly [object, SiteSpec][]) {
    // Site 0: a hop with no site of its own.
    this.sites.push({ label: '', series: emptySeries(null) });
    for (const [obj, spec] of sites) {
      this.siteIndex.set(obj, this.sites.length);
      const series = emptySeries(spec.series);
      for (const [k, v] of Object.entries(spec.byKind ?? {})) series[Number(k)] = v ?? null;
      this.sites.push({ label: spec.label, series });
    }
  }

  configure(opts: SkbTraceOptions): void {
    this.opts = { everyN: Math.max(1, Math.floor(opts.everyN)), maxLive: opts.maxLive ?? 256 };
  }

  /** The registered sites, index = the hops' `site` column. */
  siteTable(): SkbTraceSite[] {
    return this.sites.map((s) => ({ label: s.label, series: [...s.series] }));
  }

  /** tcp_transmit_skb of a data skb: trace it if it is the sample's turn and there is room. */
  sample(skb: Skb, sender: object, nowNs: Ns): void {
    if (++this.sent % this.opts.everyN !== 0 || this.live >= this.opts.maxLive) return;
    const t = new SkbTrace(this, this.nextId++, -1);
    skb.trace = t;
    this.live++;
    const s = this.skbs;
    s.id.push(t.id);
    s.flow.push(skb.flowId);
    s.seq.push(skb.seq);
    s.len.push(skb.lenBytes);
    s.segs.push(skb.segs);
    s.truesize.push(skb.truesizeBytes);
    s.t.push(nowNs);
    this.hop(t, Hop.XMIT, sender, nowNs);
  }

  hop(t: SkbTrace, kind: Hop, site: object | null, nowNs: Ns): void {
    const r = this.rows;
    r.id.push(t.id);
    r.seg.push(t.seg);
    r.kind.push(kind);
    r.site.push(site === null ? 0 : (this.siteIndex.get(site) ?? 0));
    r.t.push(nowNs);
    if (kind === Hop.TX_DONE || kind === Hop.DROP || kind === Hop.GSO) this.live = Math.max(0, this.live - 1);
  }

  segment(t: SkbTrace, index: number): SkbTrace {
    this.live++;
    return new SkbTrace(this, t.id, index);
  }

  /** The rows since the last call, as views into one new buffer. */
  take(): SkbHops {
    const r = this.rows;
    const s = this.skbs;
    const cols = [r.id, r.seg, r.kind, r.site, r.t, s.id, s.flow, s.seq, s.len, s.segs, s.truesize, s.t];
    let total = 0;
    for (const c of cols) total += c.n;
    const all = new Float64Array(total);
    let at = 0;
    const v = cols.map((c) => {
      all.set(c.data.subarray(0, c.n), at);
      const out = all.subarray(at, at + c.n);
      at += c.n;
      c.n = 0;
      return out;
    });
    return {
      id: v[0],
      seg: v[1],
      kind: v[2],
      site: v[3],
      tNs: v[4],
      skbId: v[5],
      skbFlow: v[6],
      skbSeq: v[7],
      skbLen: v[8],
      skbSegs: v[9],
      skbTruesize: v[10],
      skbTNs: v[11],
    };
  }
}

function emptySeries(fill: string | null): (string | null)[] {
  return Array.from({ length: Object.keys(Hop).length }, () => fill);
}
