/**
 * The irtt client and server (udp-probe.ts) on a hand-built path: the send
 * timeline, the RTT and one-way delays from the server's stamps, irtt's
 * end-of-test wait before a request counts as lost, and the socket's send
 * buffer.
 */
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import { SkbKind, type Skb } from '../skb';
import {
  IRTT_DEFAULT_PACKET_BYTES,
  irttReplyTo,
  isProbeReply,
  type ProbeSample,
  UDP_PROBE_FLOW_ID_BASE,
  UdpProbeClient,
} from './udp-probe';
import { UDP_SNDBUF_BYTES, udpSkbTruesize } from './udp-socket';

const MS = 1_000_000;

/** A client whose requests reach the server after `upNs` and whose replies come back after `downNs`. */
function probeOn(sim: Sim, upNs: (seq: number) => Ns | null, downNs: Ns, stopNs: Ns | null = null) {
  const samples: ProbeSample[] = [];
  const sent: Skb[] = [];
  const client: UdpProbeClient = new UdpProbeClient(
    sim,
    { index: 2, dst: 1, intervalNs: 200 * MS, packetBytes: IRTT_DEFAULT_PACKET_BYTES, startNs: 0, stopNs },
    (skb, now) => {
      sent.push(skb);
      const up = upNs(skb.seq);
      if (up === null) return; // lost on the way
      sim.at(
        now + up,
        {
          handleEvent: (_k, _a, at) => {
            const reply = irttReplyTo(skb, at);
            sim.at(at + downNs, { handleEvent: (_k2, _a2, back) => client.receiveReply(reply, back) }, 0);
          },
        },
        0,
      );
    },
    (s) => samples.push(s),
  );
  return { client, samples, sent };
}

describe('irtt probe (udp-probe.ts)', () => {
  it('sends a 60-byte request every interval on its own flow, charged to its socket', () => {
    const sim = new Sim(1);
    const { client, sent } = probeOn(sim, () => null, 0);
    sim.runUntil(1000 * MS);
    // 0, 200, 400, 600, 800, 1000 ms: isochronous from the start.
    expect(sent.map((s) => s.createdNs)).toEqual([0, 200, 400, 600, 800, 1000].map((t) => t * MS));
    expect(sent.map((s) => s.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(sent.every((s) => s.kind === SkbKind.UDP && s.flowId === UDP_PROBE_FLOW_ID_BASE + 2)).toBe(true);
    expect(sent[0].lenBytes).toBe(60);
    // Nothing freed them: six datagrams of 60 B, each a 512-byte head + 256.
    expect(client.wmemBytes).toBe(6 * udpSkbTruesize(60));
    expect(udpSkbTruesize(60)).toBe(768);
  });

  it('a reply is told from a request by the server’s send stamp, which a request has zeroed', () => {
    const sim = new Sim(1);
    const { sent } = probeOn(sim, () => null, 0);
    sim.runUntil(0);
    const req = sent[0];
    expect(isProbeReply(req)).toBe(false);
    const reply = irttReplyTo(req, 3 * MS);
    expect(isProbeReply(reply)).toBe(true);
    // Same flow (fq_codel hashes it to the same queue as any reply of this probe), back to the client.
    expect([reply.flowId, reply.src, reply.dst, reply.seq, reply.lenBytes]).toEqual([
      req.flowId,
      req.dst,
      req.src,
      req.seq,
      60,
    ]);
  });

  it('RTT and one-way delays from the server stamps: 3 ms up, 7 ms down → 10 ms', () => {
    const sim = new Sim(1);
    const { samples } = probeOn(sim, () => 3 * MS, 7 * MS);
    sim.runUntil(450 * MS);
    expect(samples.map((s) => [s.seq, s.sentNs, s.rttNs, s.sendDelayNs, s.receiveDelayNs])).toEqual([
      [0, 0, 10 * MS, 3 * MS, 7 * MS],
      [1, 200 * MS, 10 * MS, 3 * MS, 7 * MS],
      [2, 400 * MS, 10 * MS, 3 * MS, 7 * MS],
    ]);
  });

  it('IPDV: RTT(n) − RTT(n − 1) when both were answered (irtt’s IPDVSince), none across a loss', () => {
    const sim = new Sim(1);
    // RTTs 10, 12, lost, 9, 14 ms (3 ms up, the rest down).
    const down = [7, 9, NaN, 6, 11];
    const samples: ProbeSample[] = [];
    const client: UdpProbeClient = new UdpProbeClient(
      sim,
      { index: 0, dst: 1, intervalNs: 200 * MS, packetBytes: 60, startNs: 0, stopNs: 900 * MS },
      (skb, now) => {
        const d = down[skb.seq];
        if (Number.isNaN(d)) return;
        const reply = irttReplyTo(skb, now + 3 * MS);
        sim.at(now + (3 + d) * MS, { handleEvent: (_k, _a, t) => client.receiveReply(reply, t) }, 0);
      },
      (s) => samples.push(s),
    );
    sim.runUntil(1000 * MS);
    expect(samples.map((s) => [s.seq, s.rttNs / MS, s.ipdvNs === null ? null : s.ipdvNs / MS])).toEqual([
      [0, 10, null],
      [1, 12, 2],
      [3, 9, null],
      [4, 14, 5],
    ]);
  });

  it('the server’s time between its stamps is not part of the RTT', () => {
    const sim = new Sim(1);
    const got: ProbeSample[] = [];
    const client = new UdpProbeClient(
      sim,
      { index: 0, dst: 1, intervalNs: 200 * MS, packetBytes: 60, startNs: 0, stopNs: 1 },
      () => {},
      (s) => got.push(s),
    );
    sim.runUntil(0);
    const req = { seq: 0 } as Skb;
    const reply = irttReplyTo({ ...req, src: 0, dst: 1, flowId: client.flowId } as Skb, 2 * MS);
    reply.ackSeq = 5 * MS; // sent 3 ms after it was received
    client.receiveReply(reply, 9 * MS);
    expect(got[0].rttNs).toBe(6 * MS); // 9 − 0 − (5 − 2)
    expect(got[0].sendDelayNs).toBe(2 * MS);
    expect(got[0].receiveDelayNs).toBe(4 * MS);
  });

  it('a request counts as lost only past irtt’s wait (3 × the largest RTT), and duplicates are ignored', () => {
    const sim = new Sim(1);
    // Request 1 is lost; the others take 10 ms.
    const { client, samples } = probeOn(sim, (seq) => (seq === 1 ? null : 3 * MS), 7 * MS, 1000 * MS);
    sim.runUntil(205 * MS);
    // Request 1 left at 200 ms; 3 × 10 ms has not passed: neither sent nor lost yet.
    expect(client.sentAndLost(0, sim.nowNs)).toEqual({ sent: 1, lost: 0 });
    sim.runUntil(231 * MS);
    expect(client.sentAndLost(0, sim.nowNs)).toEqual({ sent: 2, lost: 1 });
    // Only from the measurement's start (the warm-up's end).
    expect(client.sentAndLost(300 * MS, sim.nowNs)).toEqual({ sent: 0, lost: 0 });
    const n = samples.length;
    client.receiveReply(irttReplyTo({ seq: 0, lenBytes: 60 } as Skb, 0), sim.nowNs);
    expect(samples.length).toBe(n);
  });

  it('stops at stopNs and, with the send buffer full, sends the due requests when a free makes room', () => {
    const sim = new Sim(1);
    const { client, sent } = probeOn(sim, () => null, 0, 700 * MS);
    client.wmemBytes = UDP_SNDBUF_BYTES; // as if the socket were full
    sim.runUntil(2000 * MS);
    expect(sent.length).toBe(0); // 0, 200, 400, 600 ms all waiting
    client.wmemBytes = UDP_SNDBUF_BYTES + udpSkbTruesize(60) * 4;
    const fake = { truesizeBytes: udpSkbTruesize(60) * 8 } as Skb;
    client.onSkbFree(fake, sim.nowNs);
    // 4 truesizes below sk_sndbuf: room for the four due requests, in order, now.
    expect(sent.map((s) => [s.seq, s.createdNs])).toEqual([0, 1, 2, 3].map((i) => [i, 2000 * MS]));
  });
});
