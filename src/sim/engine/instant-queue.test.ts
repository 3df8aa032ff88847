import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from './rng';
import { type EventTarget, Sim } from './sim';

/**
 * A random program of events, each of which schedules more: some at the same
 * instant (the instant FIFO), some later, and some under an insertion number
 * taken earlier and queued later (as a Timer or a lane does), often at the
 * same instant. The engine must run them in (time, insertion number) order,
 * as a plain sorted list does.
 */
interface Op {
  delayNs: number;
  /** Take the number now, queue the event `holdEvents` events later (atKeyed). */
  keyed: boolean;
}

function program(seed: number): (id: number) => Op[] {
  return (id) => {
    const r = new Rng(seed * 7919 + id);
    const n = id > 400 ? 0 : r.int(4);
    return Array.from({ length: n }, () => ({
      delayNs: [0, 0, 0, 1, 4][r.int(5)],
      keyed: r.next() < 0.3,
    }));
  };
}

/** The order of event ids under the engine. */
function runEngine(ops: (id: number) => Op[]): number[] {
  const sim = new Sim(1);
  const order: number[] = [];
  const held: { t: number; seq: number; id: number }[] = [];
  let nextId = 1;
  const target: EventTarget = {
    handleEvent: (_k, arg, now) => {
      const id = arg as number;
      order.push(id);
      // Queue what an earlier event held (never in the past), then schedule this event's own.
      const h = held.shift();
      if (h) sim.atKeyed(Math.max(h.t, now), h.seq, target, 0, h.id);
      for (const op of ops(id)) {
        const child = nextId++;
        if (op.keyed) held.push({ t: now + op.delayNs, seq: sim.takeSeq(), id: child });
        else sim.after(op.delayNs, target, 0, child);
      }
    },
  };
  sim.at(0, target, 0, 0);
  for (let guard = 0; guard < 50; guard++) {
    sim.runUntil(sim.nowNs + 10);
    while (held.length > 0 && sim.pending === 0) {
      const h = held.shift()!;
      sim.atKeyed(Math.max(h.t, sim.nowNs), h.seq, target, 0, h.id);
    }
  }
  return order;
}

/** The same program on a list sorted by (time, insertion number). */
function runReference(ops: (id: number) => Op[]): number[] {
  const pending: { t: number; seq: number; id: number }[] = [];
  const held: { t: number; seq: number; id: number }[] = [];
  const order: number[] = [];
  let seq = 0;
  let nextId = 1;
  let now: number;
  pending.push({ t: 0, seq: seq++, id: 0 });
  for (let end = 10; end <= 500; end += 10) {
    for (;;) {
      pending.sort((a, b) => a.t - b.t || a.seq - b.seq);
      if (pending.length === 0 || pending[0].t > end) break;
      const e = pending.shift()!;
      now = e.t;
      order.push(e.id);
      const h = held.shift();
      if (h) pending.push({ t: Math.max(h.t, now), seq: h.seq, id: h.id });
      for (const op of ops(e.id)) {
        const child = nextId++;
        if (op.keyed) held.push({ t: now + op.delayNs, seq: seq++, id: child });
        else pending.push({ t: now + op.delayNs, seq: seq++, id: child });
      }
    }
    now = end;
    while (held.length > 0 && pending.length === 0) {
      const h = held.shift()!;
      pending.push({ t: Math.max(h.t, now), seq: h.seq, id: h.id });
    }
  }
  return order;
}

describe('events at the current instant', () => {
  it('run in (time, insertion number) order among heap events and keyed events (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const ops = program(seed);
        expect(runEngine(ops)).toEqual(runReference(ops));
      }),
      { numRuns: 60 },
    );
  });

  it('count as events and keep runSlice to its budget', () => {
    const sim = new Sim(1);
    let n = 0;
    const t: EventTarget = {
      handleEvent: () => {
        if (++n < 10) sim.after(0, t, 0);
      },
    };
    sim.at(5, t, 0);
    expect(sim.runSlice(100, 4)).toBe(false);
    expect(n).toBe(4);
    expect(sim.nextEventNs()).toBe(5);
    expect(sim.pending).toBe(1);
    sim.runUntil(100);
    expect(n).toBe(10);
    expect(sim.eventsRun).toBe(10);
  });
});
