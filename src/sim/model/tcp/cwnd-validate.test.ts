/**
 * tcp_cwnd_validate / tcp_is_cwnd_limited per kernel generation, replayed
 * step by step against the kernel's rules (./cwnd-validate.ts, ./cwnd-idle.ts),
 * and flows held back by the receive window that must not grow cwnd.
 */
import { describe, expect, it } from 'vitest';
import { ERAS } from '../../scenario/eras';
import { RCV_TUNING, RX_BUF_BYTES } from '../../scenario/rcv-eras';
import { CwndValidation, type CwndValidateRule } from './cwnd-validate';
import { tcpCwndStarve, tcpSlowStartAfterIdleCheck, type IdleSocket } from './cwnd-idle';
import { tcpPacingRate } from './pacing';
import { MSS, ms, tcpPath } from './tcp-testpath';

const SS = 2 ** 31 - 1;

describe('tcp_cwnd_validate generations', () => {
  /**
   * f4ce91ce12a7's sequence: (a) a cwnd-limited send opens a window with a small
   * packets_out; (b) later in that window a pacing-limited send has more out.
   */
  const replay = (rule: CwndValidateRule) => {
    const v = new CwndValidation(() => rule);
    // sndUna 0, sndNxt 10 packets' worth; 10 out, cwnd-limited (a).
    v.validate(10, 0, 10_000, true);
    const afterA = v.isLimited(20, 10, 0);
    // (b): 14 out, not cwnd-limited, same window (snd_una has not reached 10 000).
    v.validate(14, 2_000, 14_000, false);
    return { afterA, afterB: v.isLimited(20, 10, 0), max: v.maxPacketsOut };
  };

  it('3.16 (ca8a22634381): (b) raises max_packets_out and clears the flag', () => {
    expect(replay('max-packets')).toEqual({ afterA: true, afterB: false, max: 14 });
  });

  it('5.11 (299bcb55ecd1): same forgetting; only a cwnd-limited call always records', () => {
    expect(replay('send-nothing')).toEqual({ afterA: true, afterB: false, max: 14 });
  });

  it('6.0 (f4ce91ce12a7): the flag holds for the window, max_packets_out stays', () => {
    expect(replay('usage-seq')).toEqual({ afterA: true, afterB: true, max: 10 });
  });

  it('a new window (snd_una past cwnd_usage_seq) records again', () => {
    const v = new CwndValidation(() => 'usage-seq');
    v.validate(10, 0, 10_000, true);
    v.validate(6, 10_000, 16_000, false);
    expect(v.isLimited(20, 10, 0)).toBe(false);
    expect(v.maxPacketsOut).toBe(6);
  });

  it('slow start: limited while cwnd < 2 · max_packets_out', () => {
    const v = new CwndValidation(() => 'max-packets');
    v.validate(8, 0, 8_000, false);
    expect(v.isLimited(15, SS, 0)).toBe(true);
    expect(v.isLimited(16, SS, 0)).toBe(false);
  });

  it('≤ 3.15: the RFC 2861 test on the flight before the ACK', () => {
    const gso = { canGso: true, gsoMaxSizeBytes: 65536, mssBytes: MSS };
    const v = new CwndValidation(() => 'inflight', gso);
    expect(v.isLimited(20, 10, 20)).toBe(true); // in_flight >= cwnd
    // left = 6: 6 · 3 < 20 and 6 · 1448 < 65536 on a GSO socket.
    expect(v.isLimited(20, 10, 14)).toBe(true);
    // left = 7: 21 ≥ 20 and more than tcp_max_tso_deferred_mss (3).
    expect(v.isLimited(20, 10, 13)).toBe(false);
    const noGso = new CwndValidation(() => 'inflight', { ...gso, canGso: false });
    expect(noGso.isLimited(20, 10, 17)).toBe(true); // left 3 ≤ 3
    expect(noGso.isLimited(20, 10, 16)).toBe(false);
  });
});

/** A socket for the RFC 2861 rules, CUBIC-like, rto 200 ms. */
function idleSock(cwnd: number, packetsOut: number, noSpace = false): IdleSocket {
  const v = new CwndValidation(() => 'usage-seq');
  const sk: IdleSocket = {
    snd_cwnd: cwnd,
    snd_ssthresh: SS,
    packetsOut,
    get isCwndLimited() {
      return v.isLimited(sk.snd_cwnd, sk.snd_ssthresh, 0);
    },
    cwndValidation: v,
    cwndStampNs: 0,
    lastSendNs: 0,
    kernel: { tcpSlowStartAfterIdle: true, cwndValidate: 'usage-seq' },
    cc: { name: 'cubic' },
    cfg: { initialCwnd: 10 },
    rtoNs: () => ms(200),
    caOpen: () => true,
    noSpace: () => noSpace,
  };
  return sk;
}

describe('tcp_slow_start_after_idle (RFC 2861)', () => {
  it('tcp_cwnd_restart: cwnd halves once per RTO of idle, not below the initial window', () => {
    const sk = idleSock(80, 0);
    // 650 ms idle, RTO 200 ms: delta − rto stays positive three times → 80 → 40 → 20 → 10.
    tcpSlowStartAfterIdleCheck(sk, ms(650));
    expect(sk.snd_cwnd).toBe(10);
    // ssthresh = max(ssthresh, 3/4 of the cwnd before) — ssthresh was "infinite".
    expect(sk.snd_ssthresh).toBe(SS);
    const short = idleSock(80, 0);
    tcpSlowStartAfterIdleCheck(short, ms(399));
    // 399 − 200 > 0 once, 199 − 200 ≤ 0: one halving.
    expect(short.snd_cwnd).toBe(40);
    const busy = idleSock(80, 3);
    tcpSlowStartAfterIdleCheck(busy, ms(650));
    expect(busy.snd_cwnd).toBe(80);
  });

  it('tcp_cwnd_application_limited: an RTO not cwnd-limited halves the unused part, unless the writer waits for buffer', () => {
    const sk = idleSock(100, 30);
    sk.snd_ssthresh = 50;
    sk.cwndValidation.validate(30, 0, 30_000, false);
    tcpCwndStarve(sk, ms(100));
    expect(sk.snd_cwnd).toBe(100); // stamp is only 100 ms old
    sk.cwndValidation.cwndUsed = 30;
    tcpCwndStarve(sk, ms(200));
    // win_used = max(30, 10): cwnd = (100 + 30) / 2 = 65, ssthresh = max(50, 50 + 25) = 75.
    expect(sk.snd_cwnd).toBe(65);
    expect(sk.snd_ssthresh).toBe(75);
    const blocked = idleSock(100, 30, true);
    blocked.cwndValidation.validate(30, 0, 30_000, false);
    tcpCwndStarve(blocked, ms(200));
    expect(blocked.snd_cwnd).toBe(100);
  });
});

describe('a flow held back by the receive window does not grow cwnd', () => {
  for (const era of ['4.9', '6.6'] as const) {
    it(`${era}: a 64 KB SO_RCVBUF caps the flight and cwnd stops; the pacing rate follows cwnd`, () => {
      const buffer = { tuning: RCV_TUNING[era], soRcvbufBytes: 65536, rxBufBytes: RX_BUF_BYTES };
      const { sim, tx } = tcpPath(() => ms(5), ERAS[era].kernel, buffer);
      sim.runUntil(ms(2000));
      const cwnd = tx.snd_cwnd;
      const flight = tx.packetsOut;
      // The window (half of 64 KB of truesize, tcp_win_from_space) holds the flight well below cwnd…
      expect(flight).toBeLessThan(cwnd);
      sim.runUntil(ms(4000));
      // …so slow start (cwnd < 2 · max_packets_out) stops at twice the flight, plus at most one
      // of the two segments a delayed ACK acks at once (tcp_slow_start adds them together).
      expect(tx.snd_cwnd).toBe(cwnd);
      expect(tx.snd_cwnd).toBeLessThanOrEqual(2 * tx.cwndValidation.maxPacketsOut + 1);
      expect(tx.pacingRateBytesPerSec).toBe(
        tcpPacingRate(MSS, tx.snd_cwnd, tx.snd_ssthresh, 0, tx.srttNs, Infinity),
      );
    });
  }
});
