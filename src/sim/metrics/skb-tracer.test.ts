/**
 * The per-skb probe: it leaves a run as it was, every traced skb's hops come
 * in time order along the transmit path, and while a hop says the skb is in
 * a layer, that layer's occupancy series is not empty. Memory stays bounded.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, LiveSim, SkbTraceSite } from '../api';
import { createSim } from '../index';
import { Hop } from '../model/skb-trace';

interface HopRow {
  id: number;
  seg: number;
  kind: number;
  site: number;
  tNs: number;
}

/** Runs `sim` to `untilNs` in `slices`, collecting the hops and the samples of every frame. */
function collect(sim: LiveSim, untilNs: number, slices = 4) {
  const hops: HopRow[] = [];
  const t: number[] = [];
  const cols: Record<string, number[]> = {};
  for (let i = 1; i <= slices; i++) {
    sim.runUntil((untilNs * i) / slices);
    const f: Frame = sim.takeFrame();
    f.tNs.forEach((v) => t.push(v));
    for (const [k, c] of Object.entries(f.cols)) (cols[k] ??= []).push(...c);
    const h = f.hops!;
    for (let j = 0; j < h.id.length; j++)
      hops.push({ id: h.id[j], seg: h.seg[j], kind: h.kind[j], site: h.site[j], tNs: h.tNs[j] });
  }
  return { hops, t, cols };
}

/** Each traced object's hops (an skb, or one of its segments), in recorded order. */
function paths(hops: HopRow[]): HopRow[][] {
  const by = new Map<string, HopRow[]>();
  for (const h of hops) {
    const k = `${h.id}/${h.seg}`;
    let a = by.get(k);
    if (!a) by.set(k, (a = []));
    a.push(h);
  }
  return [...by.values()];
}

function sim(preset: string, set: Record<string, string | number> = {}): LiveSim {
  const r = createSim(preset, set, 1);
  if (!r.ok) throw new Error(r.error);
  return r.sim;
}

const PRESETS: [string, number, Record<string, number>][] = [
  ['first-tsq', 1.2e9, {}],
  ['xen-tsq-limit', 0.8e9, {}],
  ['ath9k-pacing-shift', 1.2e9, {}],
  ['brcmfmac-fc-mode', 1.2e9, {}],
  ['brcmfmac-fc-mode', 1.2e9, { 'wifi.brcmfmac.fcMode': 2 }],
  ['ath9k-intermediate-queues', 1.2e9, {}],
  ['gso-always-on', 0.5e9, {}],
  ['ath10k-qca6174', 1.2e9, {}],
  ['mt76-ax-ap', 1.2e9, {}],
];

describe('the per-skb probe', () => {
  it('leaves the run unchanged', () => {
    for (const p of ['first-tsq', 'ath9k-pacing-shift', 'ath10k-qca6174', 'mt76-ax-ap']) {
      const a = sim(p);
      const b = sim(p);
      b.traceSkbs({ everyN: 3 });
      a.runUntil(0.8e9);
      b.runUntil(0.8e9);
      expect(b.summary()).toEqual(a.summary());
    }
  });

  for (const [preset, until, set] of PRESETS) {
    it(`${preset} ${JSON.stringify(set)}: hops in time order through the path, in layers that hold bytes`, () => {
      const s = sim(preset, set);
      const sites: SkbTraceSite[] = s.traceSkbs({ everyN: 7 });
      const { hops, t, cols } = collect(s, until);
      const all = paths(hops);
      // One packet: the skb as TCP built it, then, if software GSO split it, its first segment.
      const packets = all
        .filter((p) => p[0].seg === -1)
        .map((p) =>
          p[p.length - 1].kind === Hop.GSO
            ? [...p, ...(all.find((q) => q[0].id === p[0].id && q[0].seg === 0) ?? [])]
            : p,
        );
      // Those traced from their start and freed by the end of the run.
      const done = packets.filter((p) => p[0].kind === Hop.XMIT && p.some((h) => h.kind === Hop.WFREE));
      expect(done.length).toBeGreaterThan(5);
      for (const p of done) {
        const kinds = p.map((h) => h.kind);
        expect(kinds.indexOf(Hop.QDISC_ENQ)).toBeGreaterThan(0);
        expect(kinds.indexOf(Hop.QDISC_DEQ)).toBeGreaterThan(kinds.indexOf(Hop.QDISC_ENQ));
        for (let i = 1; i < p.length; i++) expect(p[i].tNs).toBeGreaterThanOrEqual(p[i - 1].tNs);
        const free = p.find((h) => h.kind === Hop.WFREE)!;
        expect(p.find((h) => h.kind === Hop.TX_DONE)?.tNs).toBe(free.tNs);
      }
      let checked = 0;
      for (const p of all) {
        for (let i = 1; i < p.length; i++) expect(p[i].tNs).toBeGreaterThanOrEqual(p[i - 1].tNs);
        for (let i = 0; i + 1 < p.length; i++) {
          const key = sites[p[i].site].series[p[i].kind];
          if (key === null || !cols[key]) continue;
          for (let j = 0; j < t.length; j++) {
            if (t[j] <= p[i].tNs || t[j] >= p[i + 1].tNs) continue;
            expect(cols[key][j], `${preset}: ${key} at ${t[j]} ns`).toBeGreaterThan(0);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(10);
      // Somewhere on the path the skb (or its segments) went out on the wire or air.
      expect(hops.some((h) => h.kind === Hop.WIRE)).toBe(true);
    });
  }

  // The offload drivers: the host hands the frame over (the bus or DMA ring), the firmware or
  // MAC queues it, sends it (once or more), its BlockAck settles it, the TX status comes back.
  for (const preset of ['ath10k-qca6174', 'mt76-ax-ap']) {
    it(`${preset}: each frame through the bus, the firmware's queue, the air and its TX status`, () => {
      const s = sim(preset);
      const sites = s.traceSkbs({ everyN: 5 });
      const frames = paths(collect(s, 1e9).hops).filter((p) => p.some((h) => h.kind === Hop.TX_DONE));
      expect(frames.length).toBeGreaterThan(10);
      const layer = (h: HopRow) => sites[h.site].series[h.kind];
      for (const p of frames) {
        const own = p.filter((h) => h.kind >= Hop.HW_QUEUE && h.kind <= Hop.TX_DONE).map(layer);
        // Retries go back to the firmware's queue and out again before the BlockAck that settles them.
        const sent = own.slice(0, own.indexOf('occ.status'));
        expect(sent.slice(0, 3)).toEqual(['occ.driver', 'occ.firmware', 'occ.air']);
        expect(sent.length % 2).toBe(1);
        expect(own.slice(own.indexOf('occ.status'))).toEqual(['occ.status', 'occ.status', layer(p.at(-1)!)]);
      }
    });
  }

  it('keeps at most maxLive traces alive, and the hop rows of a frame bounded', () => {
    const s = sim('xen-tsq-limit');
    s.traceSkbs({ everyN: 1 });
    s.runUntil(0.3e9);
    const f = s.takeFrame();
    const ids = new Set(f.hops!.skbId);
    expect(ids.size).toBeGreaterThan(100);
    expect(f.hops!.id.length).toBeLessThanOrEqual(65_536);
  });

  it('turns off and on again across a restart', () => {
    const s = sim('first-tsq');
    expect(s.traceSkbs({ everyN: 5 }).length).toBeGreaterThan(3);
    s.setParam('qdisc.kind', 'fq');
    s.runUntil(0.3e9);
    expect(s.takeFrame().hops!.id.length).toBeGreaterThan(0);
    expect(s.traceSkbs(null)).toEqual([]);
    s.runUntil(0.6e9);
    const after = s.takeFrame().hops!;
    expect(after.skbId.length).toBe(0);
  });
});
