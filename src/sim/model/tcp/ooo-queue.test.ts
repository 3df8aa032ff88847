import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OooQueue } from './ooo-queue';

/** The queue's rules written plainly: sorted insert, then merge into new arrays. */
class ReferenceOoo {
  iv: number[] = [];
  ts: number[] = [];
  truesizeBytes = 0;
  lastStart = -1;
  add(start: number, end: number, truesize: number): void {
    this.lastStart = start;
    for (let k = 0; k < this.iv.length; k += 2) if (this.iv[k] <= start && end <= this.iv[k + 1]) return;
    let i = 0;
    while (i < this.iv.length && this.iv[i] < start) i += 2;
    this.iv.splice(i, 0, start, end);
    this.ts.splice(i / 2, 0, truesize);
    this.truesizeBytes += truesize;
    const iv: number[] = [];
    const ts: number[] = [];
    for (let k = 0; k < this.iv.length; k += 2) {
      if (iv.length > 0 && this.iv[k] <= iv[iv.length - 1]) {
        iv[iv.length - 1] = Math.max(iv[iv.length - 1], this.iv[k + 1]);
        ts[ts.length - 1] += this.ts[k / 2];
      } else {
        iv.push(this.iv[k], this.iv[k + 1]);
        ts.push(this.ts[k / 2]);
      }
    }
    this.iv = iv;
    this.ts = ts;
  }
  drain(rcvNxt: number): number {
    let k = 0;
    while (k < this.iv.length && this.iv[k] <= rcvNxt) {
      if (this.iv[k + 1] > rcvNxt) rcvNxt = this.iv[k + 1];
      this.truesizeBytes -= this.ts[k / 2];
      k += 2;
    }
    this.iv = this.iv.slice(k);
    this.ts = this.ts.slice(k / 2);
    return rcvNxt;
  }
  sackBlocks(): number[] {
    const o = this.iv;
    let first = -1;
    for (let k = 0; k < o.length; k += 2) if (this.lastStart >= o[k] && this.lastStart < o[k + 1]) first = k;
    const out = first >= 0 ? [o[first], o[first + 1]] : [];
    for (let k = o.length - 2; k >= 0 && out.length < 6; k -= 2) if (k !== first) out.push(o[k], o[k + 1]);
    return out;
  }
}

const op = fc.oneof(
  fc.record({
    start: fc.integer({ min: 0, max: 40 }),
    len: fc.integer({ min: 1, max: 6 }),
    size: fc.integer({ min: 1, max: 9 }),
  }),
  fc.record({ drainTo: fc.integer({ min: 0, max: 46 }) }),
);

describe('OooQueue', () => {
  it('holds the same ranges, truesize and SACK blocks as the plain rules after any adds and drains', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const q = new OooQueue();
        const ref = new ReferenceOoo();
        for (const o of ops) {
          if ('drainTo' in o) expect(q.drain(o.drainTo)).toBe(ref.drain(o.drainTo));
          else {
            q.add(o.start, o.start + o.len, o.size);
            ref.add(o.start, o.start + o.len, o.size);
          }
          expect(q.ranges).toBe(ref.iv.length / 2);
          expect(q.truesizeBytes).toBe(ref.truesizeBytes);
          expect(q.highestEnd).toBe(ref.iv.length > 0 ? ref.iv[ref.iv.length - 1] : -1);
          expect(q.sackBlocks()).toEqual(ref.sackBlocks());
        }
      }),
    );
  });

  it('merges touching ranges and keeps the newest segment’s block first', () => {
    const q = new OooQueue();
    q.add(10, 20, 1);
    q.add(30, 40, 1);
    q.add(20, 25, 1);
    expect(q.ranges).toBe(2);
    expect(q.sackBlocks()).toEqual([10, 25, 30, 40]);
    expect(q.drain(10)).toBe(25);
    expect(q.ranges).toBe(1);
    expect(q.truesizeBytes).toBe(1);
  });
});
