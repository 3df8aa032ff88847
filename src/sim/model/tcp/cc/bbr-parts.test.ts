import { describe, expect, it } from 'vitest';
import { BbrAckAggr } from './bbr-ack-aggr';
import { BbrLtBw } from './bbr-lt-bw';
import { BW_UNIT, bbrRateBytesPerSec, bwFromBytesPerSec } from './bbr-units';

const MSS = 1448;
/** 10 packets per ms in BBR's unit (packets/µs << 24), truncated as the kernel would. */
const BW_10_PER_MS = Math.floor(0.01 * BW_UNIT);

describe('BBR fixed-point units', () => {
  it('converts delivery rates and applies gain and margin like bbr_rate_bytes_per_sec()', () => {
    expect(bwFromBytesPerSec(10 * MSS * 1000, MSS)).toBe(BW_10_PER_MS);
    const rate = 10 * MSS * 1000; // bytes/s
    expect(bbrRateBytesPerSec(BW_10_PER_MS, MSS, 256, 0) / rate).toBeCloseTo(1, 5);
    expect(bbrRateBytesPerSec(BW_10_PER_MS, MSS, 320, 1) / rate).toBeCloseTo(1.25 * 0.99, 5);
  });
});

describe('BBR long-term (policer) bandwidth', () => {
  /** One call per round: 100 delivered and 30 lost per 10 ms round. */
  function policedRounds(lt: BbrLtBw, from: number, to: number): void {
    for (let r = from; r <= to; r++) lt.sample(1, false, true, true, 100 * r, 30 * r, 10_000 * r, MSS, 1);
  }

  it('after two consistent lossy intervals paces at their average for 48 rounds', () => {
    const lt = new BbrLtBw();
    lt.reset(0, 0, 0);
    policedRounds(lt, 0, 3); // first interval: rounds 0..3, 300 delivered in 30 ms
    expect(lt.useBw).toBe(false);
    expect(lt.bw).toBe(BW_10_PER_MS);
    policedRounds(lt, 4, 7); // second: 400 delivered in 40 ms, same rate
    expect(lt.useBw).toBe(true);
    expect(lt.bw).toBe(BW_10_PER_MS);
    let restarts = 0;
    for (let r = 1; r <= 48; r++) if (lt.sample(0, false, true, true, 0, 0, 0, MSS, 1)) restarts = r;
    expect(restarts).toBe(48);
    expect(lt.useBw).toBe(false);
  });

  it('does not trigger below 20 % loss or when the rates differ by more than 1/8', () => {
    const light = new BbrLtBw();
    light.reset(0, 0, 0);
    for (let r = 0; r <= 12; r++) light.sample(1, false, true, true, 100 * r, 15 * r, 10_000 * r, MSS, 1);
    expect(light.useBw).toBe(false);
    const changing = new BbrLtBw();
    changing.reset(0, 0, 0);
    policedRounds(changing, 0, 3);
    // Second interval twice as fast: not a policer.
    for (let r = 4; r <= 7; r++)
      changing.sample(1, false, true, true, 300 + 200 * (r - 3), 90 + 60 * (r - 3), 10_000 * r, MSS, 1);
    expect(changing.useBw).toBe(false);
    // App-limited samples restart sampling from scratch.
    changing.sample(1, true, true, true, 2000, 600, 90_000, MSS, 1);
    expect(changing.bw).toBe(0);
  });
});

describe('BBR ACK aggregation (extra_acked)', () => {
  it('measures ACK bursts beyond the bw estimate and turns them into bounded extra cwnd', () => {
    const ag = new BbrAckAggr();
    ag.reset(0);
    // 20 packets ACKed at once every 2 ms: on average exactly 10/ms, but bursty.
    for (let i = 0; i < 50; i++) ag.update(20, false, BW_10_PER_MS, 2000 * i, 1000);
    expect(ag.extraAcked()).toBeGreaterThanOrEqual(20);
    expect(ag.extraAcked()).toBeLessThanOrEqual(22);
    expect(ag.cwndBonus(256, true, BW_10_PER_MS)).toBe(ag.extraAcked());
    expect(ag.cwndBonus(256, false, BW_10_PER_MS)).toBe(0); // only after STARTUP filled the pipe
    expect(ag.cwndBonus(0, true, BW_10_PER_MS)).toBe(0); // pre-5.1 kernels
    // Capped at 100 ms of data at the estimate: 0.1 packet/ms → 9.99, truncated.
    expect(ag.cwndBonus(256, true, Math.floor(BW_10_PER_MS / 100))).toBe(9);
  });

  it('forgets a burst after 5..10 round starts once the epoch restarts', () => {
    const ag = new BbrAckAggr();
    ag.reset(0);
    ag.update(30, false, BW_10_PER_MS, 0, 1000);
    // A 5 ms lull lets the ACK count fall behind the estimate, which starts a new epoch.
    let t = 5000;
    const smooth = (round: boolean): void => {
      t += 100; // one packet per 100 µs: exactly the estimate
      ag.update(1, round, BW_10_PER_MS, t, 1000);
    };
    for (let r = 0; r < 9; r++) {
      smooth(true);
      expect(ag.extraAcked()).toBeGreaterThanOrEqual(30);
    }
    smooth(true);
    expect(ag.extraAcked()).toBeLessThan(5);
  });
});
