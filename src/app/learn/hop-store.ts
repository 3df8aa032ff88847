/**
 * The per-skb hops a run's frames brought (Frame.hops), kept for the last
 * MAX_SKBS traced skbs: which skbs there are to pick from, one skb's path
 * (the skb as TCP built it, then its first segment once software GSO split
 * it), where it is at a given time, and everything as one SkbHops for the
 * trace-event export. Columnar, like the frames; no React.
 */
import type { SkbHops, SkbTraceSite } from '../../worker/protocol';

/** Traced skbs kept; older ones (and their hops) are dropped. */
export const MAX_SKBS = 400;

export interface TracedSkb {
  id: number;
  flow: number;
  seq: number;
  lenBytes: number;
  segs: number;
  truesizeBytes: number;
  /** When tcp_write_xmit sent it. */
  tNs: number;
}

export interface HopRow {
  id: number;
  seg: number;
  kind: number;
  site: number;
  tNs: number;
}

export class HopStore {
  sites: SkbTraceSite[] = [];
  private skbList: TracedSkb[] = [];
  private rows = new Map<number, HopRow[]>();
  /** Bumped on every change (drawers compare it). */
  version = 0;
  private pinned: number | null = null;

  clear(sites: SkbTraceSite[] = []): void {
    this.sites = sites;
    this.skbList = [];
    this.rows.clear();
    this.version++;
  }

  push(h: SkbHops): void {
    if (!h.id.length && !h.skbId.length) return;
    for (let i = 0; i < h.skbId.length; i++) {
      this.skbList.push({
        id: h.skbId[i],
        flow: h.skbFlow[i],
        seq: h.skbSeq[i],
        lenBytes: h.skbLen[i],
        segs: h.skbSegs[i],
        truesizeBytes: h.skbTruesize[i],
        tNs: h.skbTNs[i],
      });
    }
    for (let i = 0; i < h.id.length; i++) {
      const id = h.id[i];
      let a = this.rows.get(id);
      if (!a) this.rows.set(id, (a = []));
      a.push({ id, seg: h.seg[i], kind: h.kind[i], site: h.site[i], tNs: h.tNs[i] });
    }
    while (this.skbList.length > MAX_SKBS) {
      // The followed skb stays, however long ago it was sent.
      const at = this.skbList[0].id === this.pinned && this.skbList.length > 1 ? 1 : 0;
      this.rows.delete(this.skbList.splice(at, 1)[0].id);
    }
    this.version++;
  }

  /** Keeps one skb's hops when older ones go (the one the reader follows). */
  pin(id: number | null): void {
    this.pinned = id;
  }

  /** The traced skbs, oldest first. */
  skbs(): readonly TracedSkb[] {
    return this.skbList;
  }

  skb(id: number): TracedSkb | undefined {
    return this.skbList.find((s) => s.id === id);
  }

  /**
   * One packet's hops in time order: the skb as TCP built it, and its first
   * segment — after software GSO split it, or once a forwarding NIC sent it
   * on as a packet of its own (at an access point).
   */
  pathOf(id: number): HopRow[] {
    const all = this.rows.get(id) ?? [];
    return all.filter((r) => r.seg <= 0).sort((a, b) => a.tNs - b.tNs);
  }

  /** Every hop of the skb and its segments (the trace export). */
  rowsOf(id: number): HopRow[] {
    return this.rows.get(id) ?? [];
  }

  /**
   * Where the packet is at `tNs`: its first segment's last hop by then once
   * it has one (the packet travels on as that segment), else the skb's; null
   * before its first hop.
   */
  hopAt(id: number, tNs: number): HopRow | null {
    let whole: HopRow | null = null;
    let seg: HopRow | null = null;
    for (const r of this.pathOf(id)) {
      if (r.tNs > tNs) continue;
      if (r.seg === 0) seg = r;
      else whole = r;
    }
    return seg ?? whole;
  }

  /** The occupancy series that holds the packet after a hop (from the site table), or null. */
  seriesOf(r: HopRow): string | null {
    return this.sites[r.site]?.series[r.kind] ?? null;
  }

  /** Everything kept, as the frames carried it (for the trace-event export). */
  asHops(): SkbHops {
    const rows = [...this.rows.values()].flat().sort((a, b) => a.tNs - b.tNs);
    const col = (f: (r: HopRow) => number) => Float64Array.from(rows, f);
    const sk = (f: (s: TracedSkb) => number) => Float64Array.from(this.skbList, f);
    return {
      id: col((r) => r.id),
      seg: col((r) => r.seg),
      kind: col((r) => r.kind),
      site: col((r) => r.site),
      tNs: col((r) => r.tNs),
      skbId: sk((s) => s.id),
      skbFlow: sk((s) => s.flow),
      skbSeq: sk((s) => s.seq),
      skbLen: sk((s) => s.lenBytes),
      skbSegs: sk((s) => s.segs),
      skbTruesize: sk((s) => s.truesizeBytes),
      skbTNs: sk((s) => s.tNs),
    };
  }
}
