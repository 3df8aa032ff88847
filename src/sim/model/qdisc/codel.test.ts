import { describe, expect, it } from 'vitest';
import { ms } from '../../engine/time';
import { SkbKind, type Skb } from '../skb';
import { codelDequeue, codelParams, codelStats, CodelVars, type CodelSource } from './codel';
import { mkSkb } from './test-helpers';

/** A plain FIFO source whose backlog is its own byte count. */
class Fifo implements CodelSource {
  private readonly q: Skb[] = [];
  private head = 0;
  backlogBytes = 0;
  add(skb: Skb, nowNs: number): void {
    skb.enqueueNs = nowNs;
    this.q.push(skb);
    this.backlogBytes += skb.l2Bytes;
  }
  dequeueHead(): Skb | null {
    if (this.head >= this.q.length) return null;
    const skb = this.q[this.head++];
    this.backlogBytes -= skb.l2Bytes;
    return skb;
  }
}

/** Drop instants predicted from the control law, rounded up to the 1 ms service ticks. */
function expectedDropTicksMs(n: number): number[] {
  const interval = 100e6;
  const out: number[] = [];
  // first drop: sojourn ≥ 5 ms at t=5 ms arms first_above = 105 ms; "after" is strict → 106 ms
  let t = 106e6;
  out.push(t / 1e6);
  let dropNext = t + interval; // count = 1
  for (let count = 2; out.length < n; count++) {
    t = Math.ceil(dropNext / 1e6) * 1e6;
    out.push(t / 1e6);
    dropNext += Math.floor(interval / Math.sqrt(count));
  }
  return out;
}

describe('codelDequeue', () => {
  it('defaults follow codel_params_init', () => {
    const p = codelParams();
    expect(p).toEqual({
      targetNs: 5e6,
      intervalNs: 100e6,
      mtuBytes: 1514,
      ecn: false,
      ceThresholdNs: Infinity,
    });
  });

  it('starts dropping after target is exceeded for an interval, spaced by interval/sqrt(count)', () => {
    const src = new Fifo();
    for (let i = 0; i < 1000; i++) src.add(mkSkb({ seq: i }), 0);
    const vars = new CodelVars();
    const stats = codelStats();
    const p = codelParams();
    const dropsAt: number[] = [];
    const drop = (_skb: Skb, nowNs: number): void => {
      dropsAt.push(nowNs / 1e6);
    };
    for (let t = 0; t <= 440; t++) codelDequeue(src, vars, p, stats, ms(t), drop);
    expect(dropsAt).toEqual([106, 206, 277, 335, 385, 430]);
    expect(dropsAt).toEqual(expectedDropTicksMs(6));
    expect(stats.drops).toBe(6);
    expect(vars.count).toBe(6);
    expect(vars.lastcount).toBe(1);
    expect(stats.maxPacketBytes).toBe(1514);
  });

  it('marks ECN-capable data instead of dropping when ecn is on', () => {
    const src = new Fifo();
    for (let i = 0; i < 1000; i++) src.add(mkSkb({ seq: i, ect: true }), 0);
    const vars = new CodelVars();
    const stats = codelStats();
    const marked: number[] = [];
    for (let t = 0; t <= 300; t++) {
      const skb = codelDequeue(src, vars, codelParams({ ecn: true }), stats, ms(t), () => {
        throw new Error('no drop expected');
      });
      if (skb?.ecnCE) marked.push(t);
    }
    // same schedule as drops, but a mark does not pull an extra packet
    expect(marked).toEqual([106, 206, 277]);
    expect(stats.ecnMarks).toBe(3);
    expect(stats.drops).toBe(0);
  });

  it.each([
    ['ACKs', SkbKind.ACK],
    ['TCP data of a flow without ECN', SkbKind.DATA],
  ])('drops non-ECT packets (%s) even with ecn on', (_what, kind) => {
    const src = new Fifo();
    for (let i = 0; i < 300; i++) src.add(mkSkb({ kind }), 0);
    const vars = new CodelVars();
    const stats = codelStats();
    let drops = 0;
    for (let t = 0; t <= 110; t++)
      codelDequeue(src, vars, codelParams({ ecn: true }), stats, ms(t), () => drops++);
    expect(drops).toBe(1);
    expect(stats.ecnMarks).toBe(0);
  });

  it('never drops while the backlog is at most one MTU', () => {
    const src = new Fifo();
    const vars = new CodelVars();
    const stats = codelStats();
    let drops = 0;
    for (let t = 0; t < 1000; t++) {
      src.add(mkSkb(), ms(t) - ms(50)); // 50 ms sojourn, one packet queued at a time
      codelDequeue(src, vars, codelParams(), stats, ms(t), () => drops++);
    }
    expect(drops).toBe(0);
  });

  it('re-enters with count = count − lastcount when the last episode was recent', () => {
    const now = ms(5000);
    const setup = (dropNextNs: number): { vars: CodelVars; src: Fifo } => {
      const src = new Fifo();
      for (let i = 0; i < 10; i++) src.add(mkSkb(), now - ms(20));
      const vars = new CodelVars();
      vars.count = 5;
      vars.lastcount = 1;
      vars.firstAboveTimeNs = now - 1; // already above target for an interval
      vars.dropNextNs = dropNextNs;
      return { vars, src };
    };
    const recent = setup(now - ms(100));
    codelDequeue(recent.src, recent.vars, codelParams(), codelStats(), now, () => {});
    expect(recent.vars.dropping).toBe(true);
    expect(recent.vars.count).toBe(4);
    expect(recent.vars.lastcount).toBe(4);
    expect(recent.vars.dropNextNs).toBe(now + ms(50)); // 100 ms / sqrt(4)

    const old = setup(now - 16 * ms(100)); // not before 16·interval
    codelDequeue(old.src, old.vars, codelParams(), codelStats(), now, () => {});
    expect(old.vars.count).toBe(1);
    expect(old.vars.dropNextNs).toBe(now + ms(100));
  });

  it('leaves the dropping state when the sojourn falls below target, and on an empty queue', () => {
    const src = new Fifo();
    const vars = new CodelVars();
    vars.dropping = true;
    vars.count = 3;
    src.add(mkSkb(), ms(99));
    src.add(mkSkb(), ms(99));
    const skb = codelDequeue(src, vars, codelParams(), codelStats(), ms(100), () => {});
    expect(skb).not.toBeNull();
    expect(vars.dropping).toBe(false);
    expect(vars.firstAboveTimeNs).toBe(0);
    vars.dropping = true;
    codelDequeue(src, vars, codelParams(), codelStats(), ms(101), () => {});
    expect(codelDequeue(src, vars, codelParams(), codelStats(), ms(102), () => {})).toBeNull();
    expect(vars.dropping).toBe(false);
  });

  it('ce_threshold marks ECT packets whose sojourn exceeds it', () => {
    const src = new Fifo();
    src.add(mkSkb({ ect: true }), 0);
    src.add(mkSkb({ ect: true }), ms(1));
    const stats = codelStats();
    const p = codelParams({ ecn: true, ceThresholdNs: ms(2) });
    const a = codelDequeue(src, new CodelVars(), p, stats, ms(3), () => {});
    const b = codelDequeue(src, new CodelVars(), p, stats, ms(3), () => {});
    expect(a?.ecnCE).toBe(true); // 3 ms > 2 ms
    expect(b?.ecnCE).toBe(false); // 2 ms is not above
    expect(stats.ecnMarks).toBe(1);
  });
});
