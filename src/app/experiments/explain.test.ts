import { describe, expect, it } from 'vitest';
import { explain, tsqCeilingBps } from './explain';
import { done } from './test-summaries';

describe('explain', () => {
  it('computes the Xen ceiling from the limit, the payload ratio and the completion time', () => {
    const guest = done({ tsqLimitBytes: 131072, medianCompletionUs: 100, goodputBps: 4e9 }, 0.5);
    expect(guest.status === 'done' && tsqCeilingBps(guest)).toBeCloseTo((65536 * 8) / 1e-4);
    const [e] = explain('xen-tsq-limit', {
      'xen/131072': guest,
      'nic/131072': done({ goodputBps: 8e9, medianCompletionUs: 20 }),
    });
    expect(e.lines).toHaveLength(1);
    expect(e.lines[0]).toContain('÷ median completion 100 µs ≈ 5.24 Gbit/s ceiling');
    expect(e.lines[0]).toContain('achieved 4 Gbit/s (76 % of the ceiling)');
    expect(e.lines[0]).toContain('a loss of 50 %');
  });

  it('lists the shifts in table order and compares 10 with 8', () => {
    const res = {
      shift8: done({ tsqLimitBytes: 4 * 18000, medianAggregate: 8, goodputBps: 120e6, medianLatencyMs: 9 }),
      shift10: done({ tsqLimitBytes: 18000, medianAggregate: 2, goodputBps: 40e6, medianLatencyMs: 3 }),
    };
    const out = explain('ath9k-pacing-shift', res, ['shift10', 'shift9', 'shift8', 'shift7']);
    expect(out[0].lines.map((l) => l.slice(0, 8))).toEqual(['shift 10', 'shift 8:']);
    expect(out[1].lines[0]).toBe(
      'The budget grew ×4, the median aggregate ×4 and goodput ×3; the competing ping went from 3 ms to 9 ms.',
    );
  });

  it('gives ratios to three digits, so a 3 % gain does not read as ×1', () => {
    const res = {
      'fc1/shift10': done({ goodputBps: 198e6, tsqLimitBytes: 129e3 }),
      'fc1/shift7': done({ goodputBps: 204e6, tsqLimitBytes: 601e3 }),
    };
    const [e] = explain('brcmfmac-fc-mode', res);
    expect(e.lines.join(' ')).toContain('goodput to 204 Mbit/s (×1.03)');
  });

  it('falls back to goodput and bound per run', () => {
    expect(explain('bench-wired', { a: done({ goodputBps: 1e9, bound: 'cwnd-bound' }) })).toEqual([
      { heading: 'Per run', lines: ['a: 1 Gbit/s; cwnd-bound.'] },
    ]);
    expect(explain('xen-tsq-limit', { 'xen/131072': { status: 'cancelled', jobId: 1 } })).toEqual([]);
  });
});
