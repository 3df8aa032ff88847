/**
 * Byte Queue Limits against dql_completed() of lib/dynamic_queue_limits.c.
 * The hand traces follow the kernel function line by line; the property
 * compares with a transcription of it (unsigned wrap cannot occur here).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dql } from './bql';

const PKT = 1514;
const HZ_NS = 1_000_000_000;

describe('Dql', () => {
  it('stops the queue with the first packet (limit 0, avail < 0)', () => {
    const d = new Dql();
    expect(d.avail()).toBe(0);
    d.queued(PKT);
    expect(d.avail()).toBe(-PKT);
  });

  it('grows the limit after starvation by what was sent and completed', () => {
    const d = new Dql();
    d.queued(PKT);
    // ovlimit 1514, nothing in progress → starved: limit = 0 + 1514 + 0
    d.completed(PKT, 0);
    expect(d.limit).toBe(1514);
    expect(d.avail()).toBe(1514); // adj_limit 3028 − queued 1514
    d.queued(PKT);
    expect(d.avail()).toBe(0); // not stopped
    d.queued(PKT);
    expect(d.avail()).toBe(-PKT); // stopped
    // ovlimit 1514, starved again: limit += (4542 − 1514) + prev_ovlimit.
    // prev_ovlimit is 0: the kernel zeroes ovlimit when the limit changed.
    d.completed(2 * PKT, 1000);
    expect(d.limit).toBe(4542);
    expect(d.avail()).toBe(4542);
  });

  it('treats "over limit before, all of it completed now" as starvation', () => {
    const d = new Dql();
    d.queued(PKT);
    d.completed(PKT, 0); // limit 1514, prev_ovlimit 0
    for (let i = 0; i < 3; i++) d.queued(PKT); // num_queued 6056
    // ovlimit = (6056 − 1514) − 1514 = 3028 with data in progress: limit kept, prev_ovlimit 3028
    d.completed(PKT, 10);
    expect(d.limit).toBe(1514);
    d.queued(PKT); // num_queued 7570
    // completed 6056 ≥ prev_num_queued 6056 and prev_ovlimit 3028:
    // limit += posdiff(6056, 6056) + 3028
    d.completed(2 * PKT, 20);
    expect(d.limit).toBe(4542);
  });

  it('shrinks by the lowest slack once slack_hold_time has passed', () => {
    const d = new Dql();
    d.queued(PKT);
    d.completed(PKT, 0);
    d.queued(PKT);
    d.queued(PKT);
    d.completed(2 * PKT, 0); // limit 4542, slack_start 0
    for (let i = 0; i < 3; i++) d.queued(PKT); // 9084 queued
    d.completed(PKT, 0.5 * HZ_NS); // busy, but prev_inprogress 0: no slack sample
    expect(d.limit).toBe(4542);
    d.queued(PKT);
    d.completed(PKT, 0.6 * HZ_NS); // slack = 4542 − 2·1514 = 1514, hold not over
    expect(d.limit).toBe(4542);
    d.queued(PKT);
    d.completed(PKT, 1.1 * HZ_NS); // hold over: limit −= 1514
    expect(d.limit).toBe(3028);
    expect(d.avail()).toBe(0);
  });
});

/** dql_completed() / dql_queued() / dql_avail() transcribed from the kernel. */
class KernelDql {
  limit = 0;
  numQueued = 0;
  numCompleted = 0;
  adjLimit = 0;
  prevOvlimit = 0;
  prevNumQueued = 0;
  lastObjCnt = 0;
  prevLastObjCnt = 0;
  lowestSlack = Infinity;
  slackStartNs = 0;

  queued(n: number): void {
    this.lastObjCnt = n;
    this.numQueued += n;
  }

  avail(): number {
    return this.adjLimit - this.numQueued;
  }

  completed(count: number, now: number): void {
    const posdiff = (a: number, b: number): number => (a - b > 0 ? a - b : 0);
    const completed = this.numCompleted + count;
    let limit = this.limit;
    let ovlimit = posdiff(this.numQueued - this.numCompleted, limit);
    const inprogress = this.numQueued - completed;
    const prevInprogress = this.prevNumQueued - this.numCompleted;
    const allPrevCompleted = completed - this.prevNumQueued >= 0;
    if ((ovlimit && !inprogress) || (this.prevOvlimit && allPrevCompleted)) {
      limit += posdiff(completed, this.prevNumQueued) + this.prevOvlimit;
      this.slackStartNs = now;
      this.lowestSlack = Infinity;
    } else if (inprogress && prevInprogress && !allPrevCompleted) {
      const slack = posdiff(limit + this.prevOvlimit, 2 * (completed - this.numCompleted));
      const slackLastObjs = this.prevOvlimit ? posdiff(this.prevLastObjCnt, this.prevOvlimit) : 0;
      const s = Math.max(slack, slackLastObjs);
      if (s < this.lowestSlack) this.lowestSlack = s;
      if (now > this.slackStartNs + HZ_NS) {
        limit = posdiff(limit, this.lowestSlack);
        this.slackStartNs = now;
        this.lowestSlack = Infinity;
      }
    }
    if (limit !== this.limit) {
      this.limit = limit;
      ovlimit = 0;
    }
    this.adjLimit = limit + completed;
    this.prevOvlimit = ovlimit;
    this.prevLastObjCnt = this.lastObjCnt;
    this.numCompleted = completed;
    this.prevNumQueued = this.numQueued;
  }
}

describe('Dql property', () => {
  it('follows dql_completed() for any queue/complete sequence', () => {
    const step = fc.record({
      queue: fc.array(fc.integer({ min: 60, max: 65_536 }), { maxLength: 6 }),
      // mostly partial completions, so the queue stays busy and the shrink path runs
      completeFrac: fc.oneof(fc.double({ min: 0.1, max: 0.7, noNaN: true }), fc.constant(1)),
      dtNs: fc.integer({ min: 0, max: 400_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 120 }), (steps) => {
        const d = new Dql();
        const k = new KernelDql();
        let now = 0;
        for (const s of steps) {
          for (const n of s.queue) {
            d.queued(n);
            k.queued(n);
            expect(d.avail()).toBe(k.avail());
          }
          now += s.dtNs;
          const outstanding = k.numQueued - k.numCompleted;
          const c = Math.floor(outstanding * s.completeFrac);
          if (c === 0) continue;
          d.completed(c, now);
          k.completed(c, now);
          expect(d.limit).toBe(k.limit);
          expect(d.avail()).toBe(k.avail());
        }
      }),
      { numRuns: 500 },
    );
  });
});
