import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventLane, Sim, type EventTarget } from './sim';

/** Op: [what, delay]: 0 an event through the lane at now+delay, 1 one queued on its own, 2 run on for 40 ns. */
type Op = [number, number];

/** Plays the ops, some from inside events; logs every event with its time and the event count. */
function play(ops: Op[], useLane: boolean): string[] {
  const sim = new Sim(1);
  const log: string[] = [];
  let i = 0;
  let id = 0;
  const step = (now: number): void => {
    for (; i < ops.length; i++) {
      const [what, d] = ops[i];
      if (what === 0 && useLane) lane.at(now + d, 7, id++);
      else if (what <= 1) sim.at(now + d, target, what === 0 ? 7 : 1, id++);
      else {
        i++;
        return;
      }
    }
  };
  const target: EventTarget = {
    handleEvent: (kind, arg, now) => {
      log.push(`${kind}:${String(arg)}@${now}#${sim.eventsRun}`);
      if ((arg as number) % 3 === 0) step(now);
    },
  };
  const lane = new EventLane(sim, target);
  while (i < ops.length) {
    step(sim.nowNs);
    sim.runUntil(sim.nowNs + 40);
    log.push(`run@${sim.nowNs}#${sim.eventsRun}`);
  }
  sim.runUntil(sim.nowNs + 1000);
  log.push(`end#${sim.eventsRun}`);
  return log;
}

describe('EventLane', () => {
  it('runs the same events in the same order, with the same count, as queueing each on its own (property)', () => {
    const op = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 12 }));
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 300 }), (ops) => {
        expect(play(ops as Op[], true)).toEqual(play(ops as Op[], false));
      }),
      { numRuns: 300 },
    );
  });

  it('places an earlier event after the queued ones of the same time', () => {
    const sim = new Sim(1);
    const seen: string[] = [];
    const lane = new EventLane(sim, { handleEvent: (_k, arg) => void seen.push(arg as string) });
    lane.at(10, 0, 'a');
    lane.at(20, 0, 'b');
    lane.at(30, 0, 'c');
    sim.at(20, { handleEvent: () => void seen.push('plain') }, 0);
    lane.at(20, 0, 'd');
    lane.at(15, 0, 'e');
    sim.runUntil(100);
    expect(seen).toEqual(['a', 'e', 'b', 'plain', 'd', 'c']);
  });

  it('keeps only its head in the event queue, but for an event far back', () => {
    const sim = new Sim(1);
    let n = 0;
    const lane = new EventLane(sim, { handleEvent: () => void n++ });
    for (let t = 100; t < 500; t++) lane.at(t, 0);
    expect(sim.pending).toBe(1);
    lane.at(490, 0); // among the last few: placed in the lane
    expect(sim.pending).toBe(1);
    lane.at(50, 0); // earlier than the head: the new head, queued (the old one stays queued)
    expect(sim.pending).toBe(2);
    lane.at(120, 0); // far back from the tail: queued on its own
    expect(sim.pending).toBe(3);
    sim.runUntil(1000);
    expect(n).toBe(403);
    expect(sim.eventsRun).toBe(403);
  });
});
