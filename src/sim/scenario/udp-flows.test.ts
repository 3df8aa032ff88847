/**
 * UDP flows (udpFlows, model/udp): an iperf3 -u flood charged to its own
 * socket, through the same shaper as TCP; pfifo lets it take the uplink,
 * fq_codel isolates it. The preset udp-flood-pfifo-vs-fq-codel.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { UdpReceiver, UdpSender } from '../model/udp/udp-flow';
import { udpSkbTruesize } from '../model/udp/udp-socket';
import { Sim } from '../engine/sim';
import { Skb } from '../model/skb';
import { findPreset } from './presets/index';
import { validateScenario } from './validate';

const scene = (leaf: 'pfifo' | 'fq_codel') => {
  const sc = findPreset('udp-flood-pfifo-vs-fq-codel')!.scenario();
  sc.router!.shaper!.leaf = leaf;
  if (leaf === 'fq_codel') sc.router!.qdisc = { ...sc.router!.qdisc, kind: 'fq_codel', limit: 1001 };
  sc.durationMs = 6000;
  sc.warmupMs = 2000;
  return sc;
};

describe('UDP flows', () => {
  it('a datagram skb is charged its kmalloc head and the sk_buff: 16 + 42 + 1460 + 320 → 2048, + 256', () => {
    expect(udpSkbTruesize(1460)).toBe(2304);
    expect(udpSkbTruesize(100)).toBe(768);
  });

  it('iperf3 sends only while select() reports the socket writable: 47 datagrams of 2304 B (t108288) behind a stalled qdisc', () => {
    const sim = new Sim(1);
    const held: Skb[] = [];
    const cfg = {
      index: 0,
      dst: 1,
      rateBps: 30e6,
      packetBytes: 1460,
      pacingTimerUs: 1000,
      startNs: 0,
      stopNs: null,
    };
    const tx = new UdpSender(sim, cfg, (skb) => held.push(skb));
    sim.runUntil(50e6);
    // sock_writeable: 1 + 46 × 2304 = 105985 < 212992 >> 1 = 106496, so the 47th goes; 1 + 47 × 2304 does not.
    expect(held.length).toBe(47);
    expect(tx.wmemBytes).toBe(108288);
    expect(tx.blocked).toBe(true);
    // Freeing one puts it at 46 × 2304 + 1 < 106496: writable, and the sender writes one more.
    tx.onSkbFree(held.shift()!, sim.nowNs);
    sim.runUntil(51e6);
    expect(held.length).toBe(47);
    expect(tx.wmemBytes).toBe(108288);
  });

  it('loss by sequence and iperf3 jitter (RFC 1889, 1/16 smoothing)', () => {
    const rx = new UdpReceiver(0);
    const at = (seq: number, sent: number, now: number) => {
      const s = new Skb();
      s.seq = seq;
      s.createdNs = sent;
      s.lenBytes = 100;
      rx.receive(s, now);
    };
    at(0, 0, 1000); // transit 1000
    at(1, 1000, 3000); // transit 2000: |d| = 1000 → jitter 62.5
    at(3, 3000, 4000); // seq 2 lost; transit 1000: |d| = 1000 → 62.5 + (1000 − 62.5)/16
    expect(rx.lost).toBe(1);
    expect(rx.jitterNs).toBeCloseTo(62.5 + (1000 - 62.5) / 16, 9);
  });

  it('pfifo: the 30 Mbit/s flood fills the 20 Mbit/s uplink; TCP starves and the ping waits', () => {
    const { summary } = runScenario(scene('pfifo'), 1);
    const udp = summary.udp![0];
    const tcp = summary.flowShares[0].goodputBps;
    expect(udp.goodputBps).toBeGreaterThan(15e6);
    expect(udp.lossFraction).toBeGreaterThan(0.2);
    expect(tcp).toBeLessThan(4e6);
    expect(summary.medianLatencyMs).toBeGreaterThan(100);
  });

  it('fq_codel: TCP keeps about half, the flood loses the rest, the ping stays near the base RTT', () => {
    const { summary } = runScenario(scene('fq_codel'), 1);
    const udp = summary.udp![0];
    const tcp = summary.flowShares[0].goodputBps;
    expect(tcp).toBeGreaterThan(6e6);
    expect(udp.goodputBps).toBeLessThan(13e6);
    expect(udp.lossFraction).toBeGreaterThan(0.5);
    expect(summary.medianLatencyMs).toBeLessThan(40);
  });

  it('UDP flows on a WiFi scenario are refused by name', () => {
    const sc = findPreset('ath9k-pacing-shift')!.scenario();
    sc.udpFlows = scene('pfifo').udpFlows;
    expect(validateScenario(sc)).toContain(
      'udpFlows applies only to a wired scenario for now: with wifi set, leave udpFlows out',
    );
  });
});
