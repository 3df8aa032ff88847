import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Sim, Timer, type EventTarget } from './sim';
import type { Ns } from './time';

/** The plain timer Timer must match: one queued event per arm, stale ones ignored. */
class PlainTimer implements EventTarget {
  private gen = 0;
  expiresNs: Ns = -1;
  constructor(
    private readonly sim: Sim,
    private readonly fire: (nowNs: Ns) => void,
  ) {}
  arm(atNs: Ns): void {
    this.gen++;
    this.expiresNs = Math.max(atNs, this.sim.nowNs);
    this.sim.at(this.expiresNs, this, this.gen);
  }
  cancel(): void {
    this.gen++;
    this.expiresNs = -1;
  }
  handleEvent(kind: number, _arg: unknown, nowNs: Ns): void {
    if (kind !== this.gen) return;
    this.expiresNs = -1;
    this.fire(nowNs);
  }
}

/** Op: [what, delay]: 0 arm the timer at now+delay, 1 cancel it, 2 a plain event at now+delay, 3 run to now+delay. */
type Op = [number, number];

/** The log of a run: what ran, when, and (`counts`) how many events had run by then. */
function play(ops: Op[], lazy: boolean, counts = false): string[] {
  const sim = new Sim(1);
  const log: string[] = [];
  const n = (): string => (counts ? `#${sim.eventsRun}` : '');
  let i = 0;
  // Each firing runs the next ops up to a run step, so arms also happen from inside events.
  const step = (now: Ns): void => {
    for (; i < ops.length; i++) {
      const [what, d] = ops[i];
      if (what === 0) timer.arm(now + d);
      else if (what === 1) timer.cancel();
      else if (what === 2) sim.at(now + d, plain, 0, log.length);
      else {
        i++;
        return;
      }
    }
  };
  const fire = (now: Ns): void => {
    log.push(`fire@${now}${n()}`);
    step(now);
  };
  const timer = lazy ? new Timer(sim, fire) : new PlainTimer(sim, fire);
  const plain: EventTarget = {
    handleEvent: (_k, arg, now) => void log.push(`ev${String(arg)}@${now}${n()}`),
  };
  while (i < ops.length) {
    step(sim.nowNs);
    sim.runUntil(sim.nowNs + 50);
    log.push(`run@${sim.nowNs}${n()} exp=${timer.expiresNs}`);
  }
  sim.runUntil(sim.nowNs + 1000);
  log.push(`end${n()}`);
  return log;
}

describe('Timer', () => {
  it('fires, and lets other events run, in the order of a timer that queues one event per arm (property)', () => {
    const op = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 12 }));
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 300 }), (ops) => {
        expect(play(ops as Op[], true)).toEqual(play(ops as Op[], false));
      }),
      { numRuns: 300 },
    );
  });

  it('re-armed to the same time, fires after the events queued for that time in between', () => {
    // Arm for 5, queue an event for 5, arm for 5 again: the plain timer's second event runs last.
    const ops: Op[] = [
      [0, 5],
      [2, 5],
      [0, 5],
      [3, 0],
    ];
    expect(play(ops, true)).toEqual(play(ops, false));
    expect(play(ops, true).slice(0, 2)).toEqual(['ev0@5', 'fire@5']);
  });

  it('never runs more events than the plain timer (property)', () => {
    const op = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 12 }));
    const count = (log: string[]): number => Number(log[log.length - 1].slice('end#'.length));
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 300 }), (ops) => {
        expect(count(play(ops as Op[], true, true))).toBeLessThanOrEqual(
          count(play(ops as Op[], false, true)),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('re-armed later and later (an RTO on every ACK), queues one event per expiry it reaches', () => {
    const sim = new Sim(1);
    const fired: Ns[] = [];
    const timer = new Timer(sim, (now) => fired.push(now));
    const ack: EventTarget = { handleEvent: (_k, _a, now) => timer.arm(now + 200) };
    for (let t = 0; t < 1000; t += 10) sim.at(t, ack, 0);
    sim.runUntil(5000);
    expect(fired).toEqual([1190]);
    // 100 ACKs; the timer's own events: the first arm's, then one re-queue per 200 ns it was pushed back.
    expect(sim.eventsRun).toBeLessThanOrEqual(100 + 7);
    // Cancelled, its queued event arrives and finds it unarmed.
    timer.arm(6000);
    timer.cancel();
    sim.runUntil(7000);
    expect(fired).toEqual([1190]);
    expect(timer.armed).toBe(false);
  });
});
