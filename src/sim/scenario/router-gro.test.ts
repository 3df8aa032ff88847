/**
 * router.ingressGro: a router that merges each TSO burst back into one GSO skb
 * (GRO) forwards it whole, so its packet-count qdisc holds skbs of many
 * segments, and a tail drop there loses all of them.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { sqmUplink } from './presets/sqm-base';
import { defaultShaper } from './shaper-config';
import type { Scenario } from './scenario';

// A short path: tcp_tso_rtt_log's bonus (gso_max_size >> (min_rtt_us >> 9)) makes the sender's
// skbs as large as the pacing rate allows, many segments each, as on the twin's veths.
function scene(ingressGro: boolean | undefined): Scenario {
  const sc = sqmUplink({ uplinkBps: 20e6, wanPropagationUs: 100, shaper: defaultShaper('htb', 20e6) });
  sc.qdisc = { ...sc.qdisc, kind: 'pfifo_fast' };
  sc.router = { ...sc.router!, qdisc: { ...sc.router!.qdisc, kind: 'pfifo', limit: null, txqueuelen: 100 } };
  if (ingressGro !== undefined) sc.router.ingressGro = ingressGro;
  sc.tcp.cc = 'cubic';
  sc.durationMs = 4000;
  sc.warmupMs = 1000;
  return sc;
}

const router = (sc: Scenario) => {
  const { summary, model } = runScenario(sc, 1);
  const q = summary.qdiscs.find((x) => x.name.startsWith('router'))!;
  return { summary, q, retrans: model.senders[0].ack.retransmits };
};

describe('a router that forwards GSO skbs whole (router.ingressGro)', () => {
  it('queues whole skbs: the same 100 slots hold several segments each, and the queue is longer', () => {
    const seg = router(scene(false));
    const gro = router(scene(true));
    // One packet per segment: about one MSS-sized frame per slot.
    expect(seg.q.backlogBytes.median / seg.q.backlogPkts.median).toBeLessThan(1600);
    // Whole GSO skbs: several segments per slot, so the pfifo's 100 packets hold far more bytes.
    expect(gro.q.backlogBytes.median / gro.q.backlogPkts.median).toBeGreaterThan(3000);
    expect(gro.q.backlogBytes.median).toBeGreaterThan(2 * seg.q.backlogBytes.median);
    expect(gro.summary.flows[0].srttMs.median).toBeGreaterThan(seg.summary.flows[0].srttMs.median);
    // Both fill the 20 Mbit/s shaper.
    for (const r of [seg, gro]) expect(r.summary.goodputBps).toBeGreaterThan(17e6);
  });

  it('absent or false is the per-segment router, run for run', () => {
    expect(router(scene(undefined)).summary).toEqual(router(scene(false)).summary);
  });
});
