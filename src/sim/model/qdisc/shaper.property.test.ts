/**
 * The shapers never send faster than their token bucket allows, over any
 * window of departures, whatever arrives when and however late the device
 * below polls them. Each bound is the bucket's own definition, in ns of
 * transmit time (psched_l2t_ns, cake's rate_ns):
 * - tbf: tokens stay ≥ 0 after paying, so Σ cost(i..k) ≤ buffer + (t_k − t_i);
 * - htb: a class sends while tokens ≥ 0 before paying, so the window may
 *   overdraw by its last packet: Σ cost(i..k−1) ≤ buffer + (t_k − t_i);
 * - cake: no bucket, each packet pushes the clock by its time:
 *   Σ cost(i..k−1) ≤ t_k − t_i, with the device polling when cake asks (a
 *   device that stalls lets cake's clock fall behind now, and cake then
 *   catches up back to back, as the kernel's does).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/rng';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { Cake } from './cake/cake';
import { cakeDurNs } from './cake/cake-config';
import type { Htb } from './htb';
import { createQdisc, type LeafKind } from './index';
import { l2tNs } from './psched';
import type { Qdisc } from './qdisc';
import type { Tbf } from './tbf';
import { mkSkb } from './test-helpers';

interface Arrival {
  atUs: number;
  flow: number;
  payload: number;
  segs: number;
}

const arrivalArb = fc.record({
  atUs: fc.integer({ min: 0, max: 50_000 }),
  flow: fc.integer({ min: 0, max: 3 }),
  payload: fc.integer({ min: 0, max: 1448 }),
  segs: fc.constantFrom(1, 1, 1, 2, 4),
});

interface Departure {
  tNs: Ns;
  skb: Skb;
}

/** Runs arrivals into q; the device polls at the qdisc's wake time, and after each packet stalls for the next stall. */
function run(q: Qdisc, arrivals: Arrival[], stallsUs: number[]): Departure[] {
  const arr = [...arrivals].sort((a, b) => a.atUs - b.atUs);
  const out: Departure[] = [];
  let t = 0;
  let next = 0;
  let poll = 0;
  for (let step = 0; step < 100_000; step++) {
    while (next < arr.length && arr[next].atUs * 1000 <= t) {
      const a = arr[next++];
      q.enqueue(
        mkSkb({ flowId: a.flow, lenBytes: Math.max(a.payload, 1) * a.segs, segs: a.segs }),
        a.atUs * 1000,
      );
    }
    const skb = t >= poll ? q.dequeue(t) : null;
    if (skb) {
      out.push({ tNs: t, skb });
      poll = t + (stallsUs.length ? stallsUs[out.length % stallsUs.length] * 1000 : 0);
      if (poll > t) t = Math.min(poll, next < arr.length ? arr[next].atUs * 1000 : poll);
      continue;
    }
    const wake = q.nextWakeNs();
    const nextArr = next < arr.length ? arr[next].atUs * 1000 : Infinity;
    const cand = Math.min(
      nextArr,
      wake >= 0 ? Math.max(wake, t + (t >= poll ? 0 : poll - t)) : Infinity,
      t < poll ? poll : Infinity,
    );
    if (!Number.isFinite(cand)) break;
    t = Math.max(t, cand);
  }
  return out;
}

/** Σ cost over departures i..k (excluding the last `exclude`) never exceeds allowance + (t_k − t_i). */
function maxExcess(
  out: Departure[],
  cost: (s: Skb) => number,
  allowanceNs: number,
  excludeLast: boolean,
): number {
  let worst = -Infinity;
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let k = i; k < out.length; k++) {
      const c = cost(out[k].skb);
      const charged = excludeLast ? sum : sum + c;
      worst = Math.max(worst, charged - (allowanceNs + (out[k].tNs - out[i].tNs)));
      sum += c;
    }
  }
  return worst;
}

const leafArb = fc.constantFrom<LeafKind>('pfifo', 'fq_codel', 'bfifo');
const stallArb = fc.array(fc.constantFrom(0, 0, 50, 700, 3000), { maxLength: 5 });

describe('shapers never exceed their rate beyond the bucket (property)', () => {
  it('tbf: Σ cost(i..k) ≤ buffer + (t_k − t_i)', () => {
    fc.assert(
      fc.property(
        fc.array(arrivalArb, { maxLength: 60 }),
        fc.integer({ min: 125_000, max: 12_500_000 }),
        fc.integer({ min: 1514, max: 40_000 }),
        leafArb,
        stallArb,
        (arrivals, rate, burst, leaf, stalls) => {
          const q = createQdisc(
            'tbf',
            {
              tbf: { rateBytesPerSec: rate, burstBytes: burst, limitBytes: 1 << 20 },
              leafKind: leaf,
              limit: 10_000,
            },
            () => {},
          ) as Tbf;
          const out = run(q, arrivals, stalls);
          expect(maxExcess(out, (s) => l2tNs(q.p.rate, s.l2Bytes), q.p.bufferNs, false)).toBeLessThanOrEqual(
            0,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('htb: Σ cost(i..k−1) ≤ buffer + (t_k − t_i)', () => {
    fc.assert(
      fc.property(
        fc.array(arrivalArb, { maxLength: 60 }),
        fc.integer({ min: 125_000, max: 12_500_000 }),
        fc.option(fc.integer({ min: 1600, max: 40_000 }), { nil: undefined }),
        fc.integer({ min: 0, max: 3 }),
        leafArb,
        stallArb,
        (arrivals, rate, burst, ceilX, leaf, stalls) => {
          const q = createQdisc(
            'htb',
            {
              htb: { rateBytesPerSec: rate, ceilBytesPerSec: rate * (1 + ceilX), burstBytes: burst },
              leafKind: leaf,
              limit: 10_000,
            },
            () => {},
          ) as Htb;
          const out = run(q, arrivals, stalls);
          expect(
            maxExcess(out, (s) => l2tNs(q.cls.rate, s.l2Bytes), q.cls.bufferNs, true),
          ).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('cake: Σ cost(i..k−1) ≤ t_k − t_i when the device polls as cake asks', () => {
    fc.assert(
      fc.property(
        fc.array(arrivalArb, { maxLength: 60 }),
        fc.integer({ min: 125_000, max: 12_500_000 }),
        fc.constantFrom('triple-isolate', 'flows', 'flowblind') as fc.Arbitrary<'triple-isolate'>,
        fc.integer({ min: 1, max: 1000 }),
        (arrivals, rate, flowMode, seed) => {
          const rng = new Rng(seed);
          const q = new Cake({ rateBytesPerSec: rate, flowMode, rand32: () => rng.u32() }, () => {});
          const out = run(q, arrivals, []);
          expect(maxExcess(out, (s) => cakeDurNs(q.global, q.adjustedLen(s)), 0, true)).toBeLessThanOrEqual(
            0,
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
