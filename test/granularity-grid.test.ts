/**
 * A GSO skb crossing the wire into a router as one event (granularity 'skb',
 * the default) against one event per segment ('segment'), over a grid of
 * wired scenes: bottlenecks from 1 Mbit/s to 100 Gbit/s, 1 to 100 flows,
 * each router qdisc and each shaper. Goodput agrees within 0.5 %, the latency
 * and srtt medians within 2 % or one skb's time at the bottleneck, the
 * qdiscs' backlog medians within 2 % or one skb's packets (./granularity-compare.ts).
 * Durations are short but
 * cover at least one loss cycle where a queue overflows (tbf's byte limit
 * needs 20 s: shorter windows catch CUBIC's sawtooth at another phase).
 */
import { describe, expect, it } from 'vitest';
import { findPreset } from '../src/sim/scenario/presets/index';
import type { Scenario } from '../src/sim/scenario/scenario';
import { defaultShaper, type ShaperKind } from '../src/sim/scenario/shaper-config';
import { applyOverrides } from '../src/sim/scenario/validate';
import { differences, runAs } from './granularity-compare';

const MIB = 1 << 20;

/** bench-wired's path at `rateBps`: the sender's link ten times faster (at most 100 Gbit/s), buffers that let one flow fill it. */
function scene(rateBps: number, flows: number, ms: number, edit?: (sc: Scenario) => void): Scenario {
  const sc = applyOverrides(findPreset('bench-wired')!.scenario(), {
    'router.rateBps': rateBps,
    'link.rateBps': Math.min(100e9, Math.max(1e9, 10 * rateBps)),
    'tcp.flows': flows,
    'tcp.sndbufBytes': 64 * MIB,
    durationMs: ms,
    warmupMs: Math.round(ms / 3),
  });
  sc.receiver.tcp_rmem = { minBytes: 4096, defaultBytes: 131072, maxBytes: 64 * MIB };
  // Above 1 Gbit/s a data-centre path (0.1 ms), so the flow leaves slow start within the run.
  if (rateBps > 1e9) sc.router!.propagationUs = 100;
  edit?.(sc);
  return sc;
}

const shaped = (kind: ShaperKind, ms: number): Scenario =>
  scene(1e9, 1, ms, (sc) => {
    sc.router!.shaper = defaultShaper(kind, 100e6);
  });

const GRID: [string, Scenario][] = [
  ['1 Mbit/s, 1 flow', scene(1e6, 1, 8000)],
  ['100 Mbit/s, 1 flow (fq_codel)', scene(100e6, 1, 4000)],
  ['1 Gbit/s, 1 flow', scene(1e9, 1, 1500)],
  ['10 Gbit/s, 1 flow', scene(10e9, 1, 400)],
  ['100 Gbit/s, 1 flow', scene(100e9, 1, 60)],
  // Where the router's NIC sends bursts of several packets as one event (wired-router.ts).
  ['10 Gbit/s, 10 flows', scene(10e9, 10, 400)],
  [
    '10 Gbit/s, router pfifo_fast',
    scene(10e9, 1, 400, (sc) => {
      sc.router!.qdisc.kind = 'pfifo_fast';
    }),
  ],
  [
    'htb 5 Gbit/s on a 10 Gbit/s port',
    scene(10e9, 1, 400, (sc) => {
      sc.router!.shaper = defaultShaper('htb', 5e9);
    }),
  ],
  ['100 Mbit/s, 10 flows', scene(100e6, 10, 4000)],
  ['100 Mbit/s, 100 flows', scene(100e6, 100, 3000)],
  ...(['pfifo_fast', 'pfifo', 'fq'] as const).map((q): [string, Scenario] => [
    `100 Mbit/s, router ${q}`,
    scene(100e6, 1, 4000, (sc) => {
      sc.router!.qdisc.kind = q;
    }),
  ]),
  ['htb 100 Mbit/s on a 1 Gbit/s port', shaped('htb', 4000)],
  ['tbf 100 Mbit/s on a 1 Gbit/s port', shaped('tbf', 20_000)],
  ['cake 100 Mbit/s on a 1 Gbit/s port', shaped('cake', 4000)],
];

describe('granularity: one event per GSO skb on the wire into a router agrees with one per segment', () => {
  for (const [name, sc] of GRID) {
    it(name, () => {
      const fine = runAs(sc, 'segment');
      const coarse = runAs(sc, 'skb');
      const bottleneckBps = sc.router!.shaper?.rateBps ?? sc.router!.rateBps;
      const pktMs = ((1538 * 8) / bottleneckBps) * 1e3;
      expect(differences(coarse, fine, pktMs)).toEqual([]);
      // The scene measured something, and the coarse path ran fewer events.
      expect(fine.goodputBps).toBeGreaterThan(0);
      expect(coarse.events).toBeLessThan(fine.events);
    });
  }
});
