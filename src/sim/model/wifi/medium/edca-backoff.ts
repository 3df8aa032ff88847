/**
 * One contender's EDCA backoff on the medium's slot grid (IEEE 802.11
 * §10.22.2), the state ath9k's DCU backoff engine keeps in hardware from the
 * CWmin/CWmax/AIFSN mac80211 sets (drivers/net/wireless/ath/ath9k/mac.c
 * ath9k_hw_set_txq_props, net/mac80211/util.c ieee80211_set_wmm_default).
 * - The counter counts down one per idle slot from boundary `startK` of the
 *   current idle period; busy freezes it.
 * - Post-backoff: after every exchange a new counter is drawn in [0, CW];
 *   it also runs down while the contender has nothing to send (stopping at 0).
 * - CW: CWmin after success, min(2·CW + 1, CWmax) after a failure.
 * ./medium.ts drives it; the flags record where the contender is in an exchange.
 */
import type { Contender } from '../types';

/** What the contender said about an exchange while in endTxop. */
export const OUTCOME_NONE = 0;
export const OUTCOME_OK = 1;
export const OUTCOME_FAIL = 2;

export class Backoff {
  cw: number;
  /** Backoff slots left, as of boundary `startK`. */
  counter = 0;
  /** Slot boundary (of the current idle period) from which the counter counts down. */
  startK = 0;
  pending = false;
  transmitting = false;
  collided = false;
  inEnd = false;
  outcome = OUTCOME_NONE;
  constructor(readonly c: Contender) {
    this.cw = c.edca.cwMin;
  }

  /** A failed exchange doubles CW (up to CWmax). */
  widen(): void {
    this.cw = Math.min(2 * this.cw + 1, this.c.edca.cwMax);
  }

  /** A successful exchange resets CW. */
  reset(): void {
    this.cw = this.c.edca.cwMin;
  }

  /** Counts the idle slots from `startK` up to boundary `k` off the counter (not below 0). */
  countTo(k: number): void {
    if (k > this.startK) {
      this.counter = Math.max(0, this.counter - (k - this.startK));
      this.startK = k;
    }
  }
}
