import { describe, expect, it } from 'vitest';
import { heldExtent } from './held-extent';

describe('heldExtent', () => {
  it('starts at the data, keeps its extent while the data stays within half of it, and grows with headroom', () => {
    expect(heldExtent(undefined, 100)).toBe(100);
    expect(heldExtent(100, 100)).toBe(100);
    expect(heldExtent(100, 60)).toBe(100);
    expect(heldExtent(100, 50)).toBe(100);
    // Shrunk below half: fit the data again.
    expect(heldExtent(100, 40)).toBe(40);
    // Outgrown: a quarter more than the data, so a rising series changes the scale every few steps.
    expect(heldExtent(100, 120)).toBe(150);
    let h = heldExtent(undefined, 1);
    let changes = 0;
    for (let v = 1; v <= 1000; v += 1) {
      const next = heldExtent(h, v);
      if (next !== h) changes++;
      h = next;
    }
    expect(h).toBeGreaterThanOrEqual(1000);
    // Growth 1 → 1000 changes the extent about log(1000)/log(1.25) ≈ 31 times, not 999.
    expect(changes).toBeLessThan(40);
  });
});
