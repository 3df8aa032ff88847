/**
 * tcp_rtt_estimator / tcp_set_rto against values worked by hand from
 * net/ipv4/tcp_input.c: srtt_us holds 8 × srtt, mdev_us moves by a quarter
 * of the error (an eighth of that when the RTT falls), rttvar_us never drops
 * below tcp_rto_min (200 ms), and icsk_rto = (srtt_us >> 3) + rttvar_us.
 */
import { describe, expect, it } from 'vitest';
import { RttEstimator, type RttSocket } from './rtt-estimator';

const US = 1000;
const sock = (): RttSocket => ({ srttNs: 0, minRttNs: Infinity, sndUna: 0, sndNxt: 10_000 });

describe('tcp_rtt_estimator (µs, 3.15+)', () => {
  it('first sample: srtt = m, mdev = 2m, rttvar = max(2m, 200 ms), RTO = m + rttvar', () => {
    const tp = sock();
    const e = new RttEstimator({ usecs: true, hz: 250 });
    e.sample(tp, 1000 * US, 0, 0);
    expect(tp.srttNs).toBe(1000 * US);
    expect(e.rtoNs).toBe(201_000 * US);
    // A 100 ms path: 2m = 200 ms = tcp_rto_min, so RTO = 3 × RTT.
    const tp2 = sock();
    const e2 = new RttEstimator({ usecs: true, hz: 250 });
    e2.sample(tp2, 100_000 * US, 0, 0);
    expect(e2.rtoNs).toBe(300_000 * US);
  });

  it('later samples move srtt by an eighth of the error, in integers', () => {
    const tp = sock();
    const e = new RttEstimator({ usecs: true, hz: 250 });
    e.sample(tp, 1000 * US, 0, 0); // srtt_us 8000, mdev 2000, rttvar 200000
    tp.sndUna = 20_000; // past rtt_seq: the rttvar window restarts
    e.sample(tp, 3000 * US, 1000 * US, 1000 * US); // m = 2000: err 1000, srtt_us 9000
    expect(tp.srttNs).toBe(1125 * US);
    expect(e.rtoNs).toBe((1125 + 200_000) * US);
    e.sample(tp, 3500 * US, 3000 * US, 3000 * US); // m = 500: err -625, srtt_us 8375
    expect(tp.srttNs).toBe((8375 * US) / 8);
    expect(e.rtoNs).toBe((1046 + 200_000) * US); // 8375 >> 3 = 1046
  });

  it('takes the sample between µs stamps, as tcp_stamp_us_delta does', () => {
    const tp = sock();
    const e = new RttEstimator({ usecs: true, hz: 250 });
    // Sent at 0.9995 ms, acked at 2.0001 ms: 2000 - 999 = 1001 µs.
    e.sample(tp, 2_000_100, 999_500, 999_500);
    expect(tp.srttNs).toBe(1001 * US);
    expect(tp.minRttNs).toBe(1001 * US);
  });

  it('a 0 µs min_rtt sample counts as one jiffy (jiffies_to_usecs(1))', () => {
    const tp = sock();
    new RttEstimator({ usecs: true, hz: 250 }).sample(tp, 500, 100, 100);
    expect(tp.minRttNs).toBe(4000 * US);
    expect(tp.srttNs).toBe(0.125 * US); // srtt_us = max(1U, 0 << 3) = 1
  });
});

describe('tcp_rtt_estimator (jiffies, v3.6)', () => {
  it('counts jiffy boundaries crossed, a 0 as 1, and keeps the RTO in jiffies', () => {
    const tp = sock();
    const e = new RttEstimator({ usecs: false, hz: 1000 });
    // Sent at 0.3 ms (jiffy 0), acked at 1.2 ms (jiffy 1): m = 1 jiffy.
    e.sample(tp, 1_200_000, 300_000, 300_000);
    expect(tp.srttNs).toBe(1_000_000);
    expect(e.rtoNs).toBe(201_000_000); // 1 + max(2, HZ/5 = 200) jiffies
    // Sent and acked within one jiffy: m = 0 counts as 1.
    const tp2 = sock();
    const e2 = new RttEstimator({ usecs: false, hz: 250 });
    e2.sample(tp2, 3_000_000, 1_000_000, 1_000_000);
    expect(tp2.srttNs).toBe(4_000_000);
    expect(e2.rtoNs).toBe(204_000_000); // 1 + 50 jiffies of 4 ms
  });
});
