import { describe, expect, it } from 'vitest';
import { FULL_MPDU_BYTES, MpduErrorModel } from './mpdu-error';

describe('MPDU error probability by length', () => {
  it('a full-size MPDU fails at the given rate; 0 and 1 stay exact', () => {
    expect(new MpduErrorModel(0.1).probability(FULL_MPDU_BYTES)).toBeCloseTo(0.1, 12);
    expect(new MpduErrorModel(0).probability(100)).toBe(0);
    expect(new MpduErrorModel(1).probability(100)).toBe(1);
  });

  it('short frames (TCP ACKs, pings) fail far less often, and longer ones more', () => {
    const m = new MpduErrorModel(0.1);
    const ack = m.probability(100);
    expect(ack).toBeGreaterThan(0.005);
    expect(ack).toBeLessThan(0.01);
    expect(m.probability(3000)).toBeGreaterThan(0.1);
  });

  it('two halves survive exactly as often as the whole (independent bit errors)', () => {
    const m = new MpduErrorModel(0.3);
    const half = m.probability(FULL_MPDU_BYTES / 2);
    expect((1 - half) ** 2).toBeCloseTo(1 - m.probability(FULL_MPDU_BYTES), 12);
  });
});
