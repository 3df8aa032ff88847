/** Knob changes at simulated times: validation, slicing-independence, and live moves that replay. */
import { describe, expect, it } from 'vitest';
import type { LiveSim, ScheduledChange } from '../api';
import { createSim } from '../index';
import { runScenario } from '../run';
import { findPreset } from './presets/index';
import { applyOverrides, ScenarioError, validateScenario } from './validate';

function errorsOf(changes: unknown): string[] {
  const sc = { ...findPreset('xen-tsq-limit')!.scenario(), changes };
  return validateScenario(sc);
}

/** Summary and frame columns after `endNs`, as one string. */
function snapshot(sim: LiveSim): string {
  const f = sim.takeFrame();
  const cols = Object.fromEntries(Object.entries(f.cols).map(([k, v]) => [k, Array.from(v)]));
  return JSON.stringify({ s: sim.summary(), t: Array.from(f.tNs), cols, ch: f.changes });
}

function live(preset: string, changes?: ScheduledChange[]): LiveSim {
  const r = createSim(preset, {}, 3, changes);
  if (!r.ok) throw new Error(r.error);
  return r.sim;
}

describe('scheduled changes: validation', () => {
  it('accepts a list in time order of live knobs with allowed values', () => {
    expect(
      errorsOf([
        { atUs: 1000, key: 'tcp.tcp_limit_output_bytes', value: 262144 },
        { atUs: 1000, key: 'tcp.sk_pacing_shift', value: 8 },
        { atUs: 5000, key: 'tcp.tcp_limit_output_bytes', value: null },
      ]),
    ).toEqual([]);
  });
  it('names an unknown knob, a structural one, a bad value and the order', () => {
    expect(errorsOf([{ atUs: 10, key: 'tcp.nope', value: 1 }])[0]).toMatch(
      /^changes\.0\.key = "tcp\.nope" is not a knob/,
    );
    expect(errorsOf([{ atUs: 10, key: 'qdisc.kind', value: 'fq' }])[0]).toMatch(
      /^changes\.0\.key = qdisc\.kind cannot change during a run/,
    );
    expect(errorsOf([{ atUs: 10, key: 'tcp.sk_pacing_shift', value: 99 }])[0]).toMatch(
      /^changes\.0\.value: tcp\.sk_pacing_shift = 99 is not allowed/,
    );
    expect(
      errorsOf([
        { atUs: 20, key: 'tcp.sk_pacing_shift', value: 8 },
        { atUs: 10, key: 'tcp.sk_pacing_shift', value: 9 },
      ])[0],
    ).toMatch(/^changes\.1\.atUs = 10 is earlier than the change before it/);
  });
  it('names the shape problems of an entry', () => {
    expect(errorsOf([{ atUs: 0.5, key: 'tcp.sk_pacing_shift', value: 8 }])[0]).toMatch(
      /^changes\.0\.atUs = 0\.5/,
    );
    expect(errorsOf([{ atUs: 5, key: 'tcp.sk_pacing_shift', value: 8, x: 1 }])[0]).toMatch(/changes\.0\.x/);
    expect(errorsOf([{ atUs: 5, key: 'tcp.sk_pacing_shift', value: [8] }])[0]).toMatch(/^changes\.0\.value/);
    expect(errorsOf('soon')[0]).toMatch(/^changes = "soon"/);
  });
});

describe('scheduled changes: runs', () => {
  const script: ScheduledChange[] = [{ atUs: 60_000, key: 'tcp.tcp_limit_output_bytes', value: 32768 }];

  it('a scripted change gives the same run whatever slices the host runs in', () => {
    const a = live('xen-tsq-limit', script);
    a.runUntil(120_000_000);
    const b = live('xen-tsq-limit', script);
    let n = 0;
    while (!b.runUntil(120_000_000, 97 + (n++ % 13) * 31));
    expect(snapshot(b)).toBe(snapshot(a));
  });

  it('moves the run: the knob takes its value at the given time and the frames record it', () => {
    const a = live('xen-tsq-limit', script);
    a.runUntil(59_999_000);
    expect(a.getParam('tcp.tcp_limit_output_bytes')).toBe(131072);
    a.runUntil(120_000_000);
    expect(a.getParam('tcp.tcp_limit_output_bytes')).toBe(32768);
    expect(a.startParam('tcp.tcp_limit_output_bytes')).toBe(131072);
    const changes = a.takeFrame().changes;
    expect(changes).toEqual([
      { tNs: 60_000_000, key: 'tcp.tcp_limit_output_bytes', from: 131072, to: 32768 },
    ]);
    const plain = live('xen-tsq-limit');
    plain.runUntil(120_000_000);
    expect(plain.summary().goodputBps).not.toBe(a.summary().goodputBps);
  });

  it('a knob moved live, at any point of a slice, replays from the list it leaves', () => {
    const a = live('ath9k-pacing-shift');
    a.runUntil(40_000_000, 12_345); // stops mid-slice, with events left at the clock's time
    expect(a.setParam('tcp.sk_pacing_shift', 8)).toEqual({ ok: true });
    a.runUntil(90_000_000);
    expect(a.changes).toHaveLength(1);
    expect(a.changes[0].key).toBe('tcp.sk_pacing_shift');
    const b = live('ath9k-pacing-shift', [...a.changes]);
    b.runUntil(90_000_000);
    expect(snapshot(b)).toBe(snapshot(a));
  });

  it('a structural knob restarts from t = 0, folding live moves into the start and keeping the script', () => {
    const a = live('xen-tsq-limit', script);
    a.runUntil(70_000_000);
    a.setParam('tcp.sk_pacing_shift', 9);
    a.setParam('tcp.cc', 'bbr');
    expect(a.nowNs).toBe(0);
    expect(a.startParam('tcp.sk_pacing_shift')).toBe(9);
    expect(a.startParam('tcp.tcp_limit_output_bytes')).toBe(131072);
    expect(a.changes).toEqual(script);
  });

  it('headless runs apply the script as the live run does', () => {
    const sc = applyOverrides({ ...findPreset('xen-tsq-limit')!.scenario(), changes: script }, {});
    const headless = runScenario(sc, 3, 120).summary;
    const a = live('xen-tsq-limit', script);
    a.runUntil(120_000_000);
    expect(headless.goodputBps).toBe(a.summary().goodputBps);
    expect(() => applyOverrides(sc, { 'changes.0.atUs': 0 })).toThrow(ScenarioError);
  });
});

describe('scheduled changes: before the first event', () => {
  it('a knob moved before the run starts is part of the start, not a change of the run', () => {
    const a = live('xen-tsq-limit');
    a.setParam('tcp.tcp_limit_output_bytes', 262144);
    expect(a.changes).toEqual([]);
    expect(a.startParam('tcp.tcp_limit_output_bytes')).toBe(262144);
    expect(a.takeFrame().changes).toEqual([
      { tNs: 0, key: 'tcp.tcp_limit_output_bytes', from: 131072, to: 262144 },
    ]);
  });
});
