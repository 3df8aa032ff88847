/**
 * The engine's stall guard: a source that re-arms itself at the same
 * nanosecond stops the run with a message naming it, after a bounded number
 * of events, in runUntil and in runSlice alike; a busy but moving clock is
 * never stopped. Bounded by events, not by wall time.
 */
import { describe, expect, it } from 'vitest';
import * as engine from './sim';
import { Sim, type EventTarget } from './sim';
import { buildModel } from '../run';
import { findPreset } from '../scenario/presets/index';

// Read through the module, so that without the guard these tests fail rather than stop loading.
const { SimStalledError } = engine;
/** The guard's check period (engine.STALL_EVENTS), as a literal: every loop below stays bounded without it. */
const STALL_EVENTS = 1 << 20;

/** Events any test here runs at most: a guard that fails to fire fails the test instead of hanging it. */
const BOUND = 4 << 20;

/** Runs up to BOUND events; the error thrown, or null. */
function runBounded(sim: Sim, endNs = 1e9): unknown {
  try {
    sim.runSlice(endNs, BOUND);
  } catch (e) {
    return e;
  }
  return null;
}

/** Re-arms itself `delayNs` later on every event (0 or a sub-nanosecond delay: the same instant). */
function looper(sim: Sim, delayNs: number, name?: string, cap = BOUND): EventTarget & { runs: number } {
  const t = {
    runs: 0,
    handleEvent(_k: number, _a: unknown, now: number) {
      // Stops on its own after `cap` events, so that without a guard the test ends (and fails).
      if (++t.runs < cap) sim.at(now + delayNs, t, 7);
    },
    ...(name ? { describeEvent: () => name } : {}),
  };
  return t;
}

describe('the stall guard', () => {
  it('stops a run when the clock stays on one nanosecond, naming the source', () => {
    const sim = new Sim(1);
    const t = looper(sim, 1e-6, 'a test timer');
    sim.at(5, t, 7);
    let err: unknown = null;
    try {
      sim.runUntil(1e9);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SimStalledError);
    const e = err as engine.SimStalledError;
    expect(e.atNs).toBe(5);
    expect(e.source).toBe('a test timer');
    expect(e.message).toContain('the simulated clock stopped at t = 5 ns');
    expect(e.message).toContain('scheduled by a test timer');
    // Within two check periods of the stall.
    expect(t.runs).toBeLessThanOrEqual(2 * STALL_EVENTS);
  });

  it('stops runSlice too (the worker runs in slices), and an unnamed target by its class', () => {
    class Stuck implements EventTarget {
      constructor(private readonly sim: Sim) {}
      handleEvent(_k: number, _a: unknown, now: number): void {
        this.sim.at(now, this, 3);
      }
    }
    const sim = new Sim(1);
    sim.at(0, new Stuck(sim), 3);
    let thrown: engine.SimStalledError | null = null;
    for (let i = 0; i < 10_000 && !thrown; i++) {
      try {
        sim.runSlice(1e9, 2000);
      } catch (e) {
        thrown = e as engine.SimStalledError;
      }
    }
    expect(thrown).toBeInstanceOf(SimStalledError);
    expect(thrown!.source).toBe('Stuck (event kind 3)');
  });

  it('checks once per 2^20 events', () => {
    expect(engine.STALL_EVENTS).toBe(STALL_EVENTS);
  });

  it('leaves a clock that moves by 1 ns per event alone', () => {
    const sim = new Sim(1);
    const t = looper(sim, 1, undefined, Infinity);
    sim.at(0, t, 7);
    sim.runUntil(3 * STALL_EVENTS);
    expect(t.runs).toBe(3 * STALL_EVENTS + 1);
  });

  it('a model whose ping interval rounds to 0 ns (validation bypassed) is stopped, naming pingIntervalMs', () => {
    const sc = findPreset('bench-wired')!.scenario();
    sc.pingIntervalMs = 1e-9;
    const m = buildModel(sc, 1, false);
    expect(String(runBounded(m.sim))).toMatch(/scheduled by the ping probe, every pingIntervalMs = 1e-9 ms/);
  });
});
