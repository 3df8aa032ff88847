import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Sim, Timer, type EventTarget } from './sim';
import type { Ns } from './time';

/** The plain timer the lane must match: one queued event per arm, stale ones ignored. */
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

function play(ops: Op[], lane: boolean): string[] {
  const sim = new Sim(1);
  const log: string[] = [];
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
    log.push(`fire@${now}#${sim.eventsRun}`);
    step(now);
  };
  const timer = lane ? new Timer(sim, fire) : new PlainTimer(sim, fire);
  const plain: EventTarget = {
    handleEvent: (_k, arg, now) => void log.push(`ev${String(arg)}@${now}#${sim.eventsRun}`),
  };
  while (i < ops.length) {
    step(sim.nowNs);
    sim.runUntil(sim.nowNs + 50);
    log.push(`run@${sim.nowNs}#${sim.eventsRun} exp=${timer.expiresNs}`);
  }
  sim.runUntil(sim.nowNs + 1000);
  log.push(`end#${sim.eventsRun}`);
  return log;
}

describe('Timer', () => {
  it('fires as a timer that queues one event per arm, with the same event count (property)', () => {
    const op = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 12 }));
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 300 }), (ops) => {
        expect(play(ops as Op[], true)).toEqual(play(ops as Op[], false));
      }),
      { numRuns: 300 },
    );
  });
});
