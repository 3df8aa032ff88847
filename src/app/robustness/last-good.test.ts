import { describe, expect, it } from 'vitest';
import { GOOD_AFTER_MS, restoreTarget, type RunSettings } from './last-good';

const good: RunSettings = { presetId: 'bench-wired', overrides: { 'tcp.sk_pacing_shift': 8 }, seed: 7 };
const changed: RunSettings = {
  ...good,
  overrides: { 'tcp.sk_pacing_shift': 8, 'tcp.tcp_limit_output_bytes': 262144 },
};

describe('restoreTarget', () => {
  it('restores what is in force when it has run for a while', () => {
    expect(restoreTarget(changed, good, GOOD_AFTER_MS + 1)).toEqual({
      target: changed,
      detail: 'bench-wired, seed 7, 2 changed parameters',
    });
  });

  it('goes back to the last good settings when the failure follows a change at once, naming the change', () => {
    expect(restoreTarget(changed, good, 300)).toEqual({
      target: good,
      detail:
        'it failed right after your change (tcp.tcp_limit_output_bytes), so the settings from before it run again',
    });
    expect(restoreTarget({ ...good, seed: 9 }, good, 10).detail).toContain('(the seed)');
    expect(
      restoreTarget({ ...good, presetId: 'bench-wifi', overrides: {} }, { ...good, overrides: {} }, 10)
        .detail,
    ).toContain('(the preset)');
    // A knob moved during the run: the run's changes list grew, its start stayed.
    const moved = { ...good, changes: [{ atUs: 5e5, key: 'tcp.sk_pacing_shift', value: 7 }] };
    expect(restoreTarget(moved, good, 10).detail).toContain('(tcp.sk_pacing_shift)');
    expect(restoreTarget(moved, null, GOOD_AFTER_MS + 1).detail).toBe(
      'bench-wired, seed 7, 1 changed parameter, 1 knob change during the run replayed',
    );
  });

  it('with nothing good yet, or no change, restores what is in force', () => {
    expect(restoreTarget(changed, null, 10).target).toBe(changed);
    expect(restoreTarget(good, { ...good }, 10).target).toBe(good);
    expect(restoreTarget({ ...good, overrides: {} }, null, 10).detail).toBe('bench-wired, seed 7');
  });
});
