/**
 * The TCP receiver: quick ACKs (tcp_incr_quickack), delayed ACK every second segment, the delack
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

function setup(over: Partial<TcpReceiverConfig> = {}): { sim: Sim; rx: TcpReceiver; acks: Ack[]; ecr: Ns[] } {
  const sim = new Sim(1);
  const acks: Ack[] = [];
  const ecr: Ns[] = [];
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
      ecr.push(a.tsEcrNs);
    },
  );
  return { sim, rx, acks, ecr };
}

function seg(i: number, segs = 1, tsvalNs: Ns = 0): Skb {
  const s = new Skb();
  s.xmitNs = tsvalNs;
  s.seq = i * MSS;
  s.lenBytes = segs * MSS;
  s.segs = segs;
  return s;
}

/** Delivers segment index `i` at time t (the clock moves there first). */
function arrive(sim: Sim, rx: TcpReceiver, t: Ns, i: number, segs = 1, tsvalNs: Ns = 0): void {
  sim.runUntil(t);
  rx.receive(seg(i, segs, tsvalNs), t);
}

/**
 * tcp_incr_quickack at the first data: rcv_wnd / (2 × rcv_mss) immediate ACKs.
 * 6.6's initial window: tcp_rmem[1] 131072 × scaling_ratio 65/256 = 33280,
 * rounded down to whole segments, 22 × 1448 = 31856; 31856 / 2896 = 11.
 */
const Q = 11;

/** Uses up the Q quick ACKs with segments 0..Q-1 at 1 µs spacing. */
function pastQuickack(sim: Sim, rx: TcpReceiver, acks: Ack[]): void {
  for (let i = 0; i < Q; i++) arrive(sim, rx, us(i), i);
  expect(acks.length).toBe(Q);
  acks.length = 0;
}

describe('TcpReceiver delayed ACK', () => {
  it('ACKs each of the first rcv_wnd / 2 rcv_mss segments, then every second one', () => {
    const { sim, rx, acks } = setup();
    for (let i = 0; i < 20; i++) arrive(sim, rx, us(10 * i), i);
    expect(acks.map((a) => a.ack)).toEqual([...Array.from({ length: Q }, (_, i) => i + 1), 13, 15, 17, 19]);
    expect(acks.map((a) => a.t).slice(Q)).toEqual([us(120), us(140), us(160), us(180)]);
    expect(rx.rcvNxt).toBe(20 * MSS);
    expect(rx.acksSent).toBe(Q + 4);
    expect(rx.bytesInOrder).toBe(20 * MSS);
  });
  it('a lone segment is ACKed by the delack timer after delackNs', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), Q);
    sim.runUntil(ms(41) - 1);
    expect(acks).toEqual([]);
    sim.runUntil(ms(100));
    expect(acks).toEqual([{ t: ms(41), ack: Q + 1, sack: [], hdr: 66 }]);
  });
  it('the second segment cancels the timer', () => {
    const { sim, rx, acks } = setup({ delackNs: ms(5) });
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), Q);
    arrive(sim, rx, ms(2), Q + 1);
    sim.runUntil(ms(50));
    expect(acks.map((a) => [a.t, a.ack])).toEqual([[ms(2), Q + 2]]);
  });
});

describe('TcpReceiver out of order', () => {
  it('sends an immediate dup-ACK with SACK blocks, latest block first', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), Q); // in order, delack armed
    arrive(sim, rx, ms(2), Q + 2); // hole at Q + 1
    arrive(sim, rx, ms(3), Q + 3);
    arrive(sim, rx, ms(4), Q + 5); // second hole at Q + 4
    expect(acks).toEqual([
      { t: ms(2), ack: Q + 1, sack: [Q + 2, Q + 3], hdr: 66 + 12 },
      { t: ms(3), ack: Q + 1, sack: [Q + 2, Q + 4], hdr: 66 + 12 },
      { t: ms(4), ack: Q + 1, sack: [Q + 5, Q + 6, Q + 2, Q + 4], hdr: 66 + 20 },
    ]);
  });
  it('filling a hole advances rcvNxt over the buffered data and ACKs at once', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), Q + 1);
    arrive(sim, rx, ms(2), Q + 2);
    arrive(sim, rx, ms(3), Q + 4);
    acks.length = 0;
    arrive(sim, rx, ms(4), Q); // fills [Q, Q+1): rcvNxt jumps to Q + 3
    expect(rx.rcvNxt).toBe((Q + 3) * MSS);
    arrive(sim, rx, ms(5), Q + 3); // last hole: rcvNxt jumps to Q + 5, no SACK left
    expect(acks).toEqual([
      { t: ms(4), ack: Q + 3, sack: [Q + 4, Q + 5], hdr: 66 + 12 },
      { t: ms(5), ack: Q + 5, sack: [], hdr: 66 },
    ]);
    expect(rx.bytesInOrder).toBe((Q + 5) * MSS);
    sim.runUntil(ms(200));
    expect(acks.length).toBe(2); // no stray delack
  });
  it('ACKs a duplicate at once, and quick-ACKs what follows (tcp_enter_quickack_mode)', () => {
    const { sim, rx, acks } = setup();
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(1), 3);
    expect(acks).toEqual([{ t: ms(1), ack: Q, sack: [], hdr: 66 }]);
    // rcv_wnd is still 31856: Q quick ACKs again, of which the dup-ACK used one; the last segment waits.
    for (let i = 0; i < Q; i++) arrive(sim, rx, ms(2) + us(i), Q + i);
    expect(acks.slice(1).map((a) => a.ack)).toEqual(Array.from({ length: Q - 1 }, (_, i) => Q + i + 1));
  });
  it('echoes the timestamp of the segment at the last ACK point, not the newest (tcp_replace_ts_recent)', () => {
    const { sim, rx, acks, ecr } = setup();
    pastQuickack(sim, rx, acks);
    ecr.length = 0;
    arrive(sim, rx, ms(1), Q, 1, us(500)); // seq == rcv_wup: ts_recent = 500 µs
    arrive(sim, rx, ms(1) + us(10), Q + 1, 1, us(510)); // above rcv_wup: ts_recent kept
    arrive(sim, rx, ms(2), Q + 2, 1, us(600)); // rcv_wup moved with the ACK
    arrive(sim, rx, ms(2) + us(10), Q + 3, 1, us(610));
    expect(ecr).toEqual([us(500), us(600)]);
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
  it('segments handed over ahead of their arrival (a router burst) are merged as if each came at its own time', () => {
    // Five segments arriving 8 µs apart, from 0: a window 0–20 µs (three), then 24–44 µs (two).
    const times = [0, 8, 16, 24, 32].map(us);
    const early = setup({ groWindowNs: us(20) });
    for (let i = 0; i < 5; i++) {
      const s = seg(i);
      s.arriveNs = i === 0 ? 0 : times[i];
      early.rx.receive(s, 0);
    }
    early.sim.runUntil(us(100));
    const onTime = setup({ groWindowNs: us(20) });
    for (let i = 0; i < 5; i++) arrive(onTime.sim, onTime.rx, times[i], i);
    onTime.sim.runUntil(us(100));
    expect(early.acks).toEqual([
      { t: us(20), ack: 3, sack: [], hdr: 66 },
      { t: us(44), ack: 5, sack: [], hdr: 66 },
    ]);
    expect(early.acks).toEqual(onTime.acks);
  });
  it('stops merging at groMaxBytes', () => {
    const { sim, rx, acks } = setup({ groWindowNs: us(20), groMaxBytes: 2 * MSS });
    for (let i = 0; i < 5; i++) arrive(sim, rx, us(i), i);
    sim.runUntil(us(50));
    expect(acks.map((a) => a.ack)).toEqual([2, 4, 5]);
  });
  it('after quick ACKs, a merged pair is ACKed at once and a single one waits for delack', () => {
    const { sim, rx, acks } = setup({ groWindowNs: us(20) });
    for (let i = 0; i < Q; i++) arrive(sim, rx, us(100 * i), i);
    sim.runUntil(ms(2));
    expect(acks.length).toBe(Q);
    arrive(sim, rx, ms(3), Q);
    arrive(sim, rx, ms(3) + 1000, Q + 1);
    arrive(sim, rx, ms(4), Q + 2);
    sim.runUntil(ms(30));
    expect(acks.slice(Q).map((a) => [a.t, a.ack])).toEqual([[ms(3) + us(20), Q + 2]]);
    sim.runUntil(ms(100));
    expect(acks.slice(Q).map((a) => [a.t, a.ack])).toEqual([
      [ms(3) + us(20), Q + 2],
      [ms(4) + us(20) + ms(40), Q + 3],
    ]);
  });
});

describe('TcpReceiver delayed-ACK timer on the jiffy clock', () => {
  it('HZ 100, level wheel (4.8+): a 40 ms delack armed at 25 ms fires on the 70 ms tick', () => {
    const { sim, rx, acks } = setup({ jiffyTimer: { hz: 100, levelWheel: true } });
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, ms(25), Q); // one segment: the delack timer is armed (jiffy 2, + 4 jiffies)
    sim.runUntil(ms(100));
    expect(acks.map((a) => a.t)).toEqual([ms(70)]);
  });

  it('HZ 1000, cascading wheel: exactly 40 jiffies after the jiffy it was armed in', () => {
    const { sim, rx, acks } = setup({ jiffyTimer: { hz: 1000, levelWheel: false } });
    pastQuickack(sim, rx, acks);
    arrive(sim, rx, us(25_500), Q);
    sim.runUntil(ms(100));
    expect(acks.map((a) => a.t)).toEqual([ms(65)]);
  });
});
