/**
 * The TCP receiver: quick ACKs, delayed ACK every second segment, the delack
 * timer, immediate (dup)ACKs with SACK blocks, hole fill, and GRO merging.
 */
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine/sim';
import { ms, us, type Ns } from '../../engine/time';
import { Skb, SkbKind } from '../skb';
import { RCV_TUNING, RX_BUF_BYTES } from '../../scenario/rcv-eras';
import { TcpReceiver, type TcpReceiverConfig } from './receiver';

const MSS = 1448;

interface Ack {
  t: Ns;
  ack: number;
  sack: number[];
  hdr: number;
}

function setup(over: Partial<TcpReceiverConfig> = {}): { sim: Sim; rx: TcpReceiver; acks: Ack[] } {
  const sim = new Sim(1);
  const acks: Ack[] = [];
  const rx = new TcpReceiver(
    sim,
    {
      flowId: 3,
      node: 1,
      peer: 0,
      mssBytes: MSS,
      delackNs: ms(40),
      groWindowNs: 0,
      groMaxBytes: 65_536,
      priority: 0,
      // 6.6: rcv_ssthresh starts at window_clamp, so no window growth adds quick ACKs here.
      buffer: { tuning: RCV_TUNING['6.6'], soRcvbufBytes: null, rxBufBytes: RX_BUF_BYTES },
      ...over,
    },
    (a, t) => {
      expect(a.kind).toBe(SkbKind.ACK);
      expect([a.flowId, a.src, a.dst]).toEqual([3, 1, 0]);
      acks.push({ t, ack: a.ackSeq / MSS, sack: a.sack.map((v) => v / MSS), hdr: a.hdrBytes });
    },
  );
  return { sim, rx, acks };
}

function seg(i: number, segs = 1): Skb {
  const s = new Skb();
  s.seq = i * MSS;
  s.lenBytes = segs * MSS;
  s.segs = segs;
  return s;
}

/** Delivers segment index `i` at time t (the clock moves there first). */
function arrive(sim: Sim, rx: TcpReceiver, t: Ns, i: number, segs = 1): void {
  sim.runUntil(t);
  rx.receive(seg(i, segs), t);
}

/** Uses up the 16 quick ACKs with segments 0..15 at 1 µs spacing. */
function pastQuickack(sim: Sim, rx: TcpReceiver, acks: Ack[]): void {
  for (let i = 0; i < 16; i++) arrive(sim, rx, us(i), i);
  expect(acks.length).toBe(16);
  acks.length = 0;
}

describe('TcpReceiver delayed ACK', () => {
  it('ACKs each of the first 16 segments, then every second one', () => {
    const { sim, rx, acks } = setup();
    for (let i = 0; i < 22; i++) arrive(sim, rx, us(10 * i), i);
    expect(acks.map((a) => a.ack)).toEqual([...Array.from({ length: 16 }, (_, i) => i + 1), 18, 20, 22]);
    expect(acks.map((a) => a.t).slice(16)).toEqual([us(170), us(190), us(210)]);
    expect(rx.rcvNxt).toBe(22 * MSS);
    expect(rx.acksSent).toBe(19);
    expect(rx.bytesInOrder).toBe(22 * MSS);
  });
  it('a lone segment is ACKed by the delack timer after delackNs', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), 16);
    sim.runUntil(ms(41) - 1);
    expect(acks).toEqual([]);
    sim.runUntil(ms(100));
    expect(acks).toEqual([{ t: ms(41), ack: 17, sack: [], hdr: 66 }]);
  });
  it('the second segment cancels the timer', () => {
    const { sim, rx, acks } = setup({ delackNs: ms(5) });
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), 16);
    arrive(sim, rx, ms(2), 17);
    sim.runUntil(ms(50));
    expect(acks.map((a) => [a.t, a.ack])).toEqual([[ms(2), 18]]);
  });
});

describe('TcpReceiver out of order', () => {
  it('sends an immediate dup-ACK with SACK blocks, latest block first', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), 16); // in order, delack armed
    arrive(sim, rx, ms(2), 18); // hole at 17
    arrive(sim, rx, ms(3), 19);
    arrive(sim, rx, ms(4), 21); // second hole at 20
    expect(acks).toEqual([
      { t: ms(2), ack: 17, sack: [18, 19], hdr: 66 + 12 },
      { t: ms(3), ack: 17, sack: [18, 20], hdr: 66 + 12 },
      { t: ms(4), ack: 17, sack: [21, 22, 18, 20], hdr: 66 + 20 },
    ]);
  });
  it('filling a hole advances rcvNxt over the buffered data and ACKs at once', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), 17);
    arrive(sim, rx, ms(2), 18);
    arrive(sim, rx, ms(3), 20);
    acks.length = 0;
    arrive(sim, rx, ms(4), 16); // fills [16,17): rcvNxt jumps to 19
    expect(rx.rcvNxt).toBe(19 * MSS);
    arrive(sim, rx, ms(5), 19); // last hole: rcvNxt jumps to 21, no SACK left
    expect(acks).toEqual([
      { t: ms(4), ack: 19, sack: [20, 21], hdr: 66 + 12 },
      { t: ms(5), ack: 21, sack: [], hdr: 66 },
    ]);
    expect(rx.bytesInOrder).toBe(21 * MSS);
    sim.runUntil(ms(200));
    expect(acks.length).toBe(2); // no stray delack
  });
  it('ACKs a duplicate at once', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), 3);
    expect(acks).toEqual([{ t: ms(1), ack: 16, sack: [], hdr: 66 }]);
  });
  it('keeps at most 3 SACK blocks', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    for (const [k, i] of [20, 22, 24, 26, 28].entries()) arrive(sim, rx, ms(k + 1), i);
    const last = acks[acks.length - 1];
    expect(last.sack).toEqual([28, 29, 26, 27, 24, 25]);
    expect(last.hdr).toBe(66 + 28);
  });
});

describe('TcpReceiver GRO', () => {
  it('merges contiguous arrivals within the GRO interval into one ACK', () => {
    const { sim, rx, acks } = setup({ groWindowNs: us(20) });
    for (let i = 0; i < 4; i++) arrive(sim, rx, us(i), i);
    sim.runUntil(us(19));
    expect(acks).toEqual([]);
    sim.runUntil(us(20));
    expect(acks).toEqual([{ t: us(20), ack: 4, sack: [], hdr: 66 }]);
    expect(rx.segsReceived).toBe(4);
  });
  it('splits at a gap: in-order part ACKed, then a SACK for the rest', () => {
    const { sim, rx, acks } = setup({ groWindowNs: us(20) });
    for (const [k, i] of [0, 1, 3, 4].entries()) arrive(sim, rx, us(k), i);
    sim.runUntil(us(50));
    expect(acks).toEqual([
      { t: us(20), ack: 2, sack: [], hdr: 66 },
      { t: us(20), ack: 2, sack: [3, 5], hdr: 78 },
    ]);
  });
  it('stops merging at groMaxBytes', () => {
    const { sim, rx, acks } = setup({ groWindowNs: us(20), groMaxBytes: 2 * MSS });
    for (let i = 0; i < 5; i++) arrive(sim, rx, us(i), i);
    sim.runUntil(us(50));
    expect(acks.map((a) => a.ack)).toEqual([2, 4, 5]);
  });
  it('after quick ACKs, a merged pair is ACKed at once and a single one waits for delack', () => {
    const { sim, rx, acks } = setup({ groWindowNs: us(20) });
    for (let i = 0; i < 16; i++) arrive(sim, rx, us(100 * i), i);
    sim.runUntil(ms(2));
    expect(acks.length).toBe(16);
    arrive(sim, rx, ms(3), 16);
    arrive(sim, rx, ms(3) + 1000, 17);
    arrive(sim, rx, ms(4), 18);
    sim.runUntil(ms(30));
    expect(acks.slice(16).map((a) => [a.t, a.ack])).toEqual([[ms(3) + us(20), 18]]);
    sim.runUntil(ms(100));
    expect(acks.slice(16).map((a) => [a.t, a.ack])).toEqual([
      [ms(3) + us(20), 18],
      [ms(4) + us(20) + ms(40), 19],
    ]);
  });
});
