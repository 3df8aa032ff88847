/**
 * Socket accounting as the kernel does it (net/core/sock.c, net/ipv4/tcp_output.c):
 * sk_alloc sets sk_wmem_alloc to 1, each skb below TCP adds its truesize,
 * tcp_wfree subtracts truesize − 1 and keeps one reference while the socket
 * waits for its TSQ work, and tcp_small_queue_check throttles on
 * `refcount_read(&sk->sk_wmem_alloc) > limit` (v3.6: `>= tcp_limit_output_bytes`).
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../run';
import { ERAS } from '../../scenario/eras';
import { findPreset } from '../../scenario/presets/index';
import { PacingStatus } from '../skb';
import type { KernelFeatures } from './kernel-features';
import { TsqGate, type TsqSocket } from './tsq-gate';

function sock(kernel: KernelFeatures, skWmemAlloc: number, over: Partial<TsqSocket> = {}): TsqSocket {
  return {
    kernel,
    skWmemAlloc,
    pacingRateBytesPerSec: 1e6, // rate >> 10 = 976: below 2 · truesize
    sk_pacing_shift: 10,
    sk_pacing_status: PacingStatus.NONE,
    limitOutputBytes: 262_144,
    cfg: { txDelayUs: 0 },
    rtxSkbs: 2,
    ...over,
  };
}

describe('tcp_small_queue_check at exactly the limit', () => {
  const truesize = 66_000; // the skb about to go: limit = 2 · 66000 = 132000
  it('4.16+: two equal skbs below (refcount 1 + 132000) throttle the third', () => {
    const k = ERAS['4.16'].kernel;
    expect(new TsqGate().check(sock(k, 1 + 2 * truesize), truesize, 0, 0)).toBe(true);
    expect(new TsqGate().check(sock(k, 2 * truesize), truesize, 0, 0)).toBe(false); // 131999 truesize below
  });

  it('a reference the TSQ work holds counts too', () => {
    const k = ERAS['6.6'].kernel;
    expect(new TsqGate().check(sock(k, 2 * truesize - 1), truesize, 0, 0)).toBe(false);
    expect(new TsqGate().check(sock(k, 2 * truesize - 1 + 2), truesize, 0, 0)).toBe(true);
  });

  it('v3.6 throttles at `>= tcp_limit_output_bytes`', () => {
    const k = ERAS['3.6'].kernel;
    const x = { limitOutputBytes: 131_072 };
    expect(new TsqGate().check(sock(k, 131_071, x), truesize, 0, 0)).toBe(false);
    expect(new TsqGate().check(sock(k, 131_072, x), truesize, 0, 0)).toBe(true);
  });

  it('the shortcuts still let the skb go over the limit', () => {
    const over = 1 + 3 * truesize;
    expect(new TsqGate().check(sock(ERAS['6.1'].kernel, over, { rtxSkbs: 1 }), truesize, 0, 0)).toBe(true);
    expect(new TsqGate().check(sock(ERAS['6.6'].kernel, over, { rtxSkbs: 1 }), truesize, 0, 0)).toBe(false);
    expect(new TsqGate().check(sock(ERAS['6.1'].kernel, over, { rtxSkbs: 0 }), truesize, 0, 0)).toBe(false);
  });
});

describe('sk_wmem_alloc over a run', () => {
  it('holds a reference while the TSQ work runs, and never more than one per queued work', () => {
    // Xen netfront: slow completions, so TSQ throttles; the CPU model makes each TSQ run take time.
    const m = buildModel(findPreset('xen-tsq-limit')!.scenario(), 1, false);
    const tx = m.senders[0];
    let held = 0;
    for (let t = 1; t <= 3000; t++) {
      m.sim.runUntil(t * 100_000);
      expect(tx.tsqRefs === 0 || tx.tsqRefs === 1).toBe(true);
      if (tx.tsqRefs > 0) held++;
      expect(tx.skWmemAlloc - 1 - tx.wmemBytes).toBe(tx.tsqRefs);
    }
    expect(held).toBeGreaterThan(0);
  });
});
