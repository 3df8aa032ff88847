import { describe, expect, it } from 'vitest';
import type { RunStatus } from '../../worker/protocol';
import { describeSlow, slowVerdict } from './live-speed';

const status = (p: Partial<RunStatus>): RunStatus => ({
  running: true,
  nowNs: 1e9,
  speed: 1e9,
  achievedSpeed: 1e9,
  eventsPerSec: 1e6,
  runId: 1,
  presetId: 'x',
  seed: 1,
  ...p,
});

describe('slowVerdict', () => {
  it('is quiet when the run keeps up, is paused, runs as fast as possible or has no measurement yet', () => {
    expect(slowVerdict(status({}))).toBeNull();
    expect(slowVerdict(status({ achievedSpeed: 0.6e9 }))).toBeNull();
    expect(slowVerdict(status({ running: false, achievedSpeed: 1e7 }))).toBeNull();
    expect(slowVerdict(status({ speed: Infinity, achievedSpeed: 1e7 }))).toBeNull();
    expect(slowVerdict(status({ achievedSpeed: 0 }))).toBeNull();
  });

  it('estimates events per simulated second when below half the requested speed', () => {
    // 2 M events per wall second at 0.1× real time: 20 M events per simulated second.
    const v = slowVerdict(status({ achievedSpeed: 0.1e9, eventsPerSec: 2e6 }))!;
    expect(v.eventsPerSimSecond).toBeCloseTo(20e6);
    expect(describeSlow(v)).toBe(
      'This scenario needs about 20.0 M events per simulated second; this browser runs about 2.0 M per second, so it reaches 0.10× instead of 1.0× real time.',
    );
    expect(
      describeSlow(slowVerdict(status({ speed: 4e9, achievedSpeed: 0.03e9, eventsPerSec: 900 }))!),
    ).toContain('reaches 0.03× instead of 4.0×');
  });
});
