/**
 * MPDU error probability by length. A scenario's frameErrorRate is the loss
 * of a full-size MPDU (a 1500-byte IP packet); with independent bit errors
 * after decoding, a frame of L bytes survives with (1 − fer)^(L / L_ref), so
 * a 100-byte TCP ACK or ping fails an order of magnitude less often than a
 * full data frame. The FCS covers the whole MPDU, so its length is what
 * counts.
 */
import { mpduBytes } from './phy';

/** The MPDU carrying a 1500-byte IP packet (header, LLC/SNAP, FCS). */
export const FULL_MPDU_BYTES = mpduBytes(1500);

/** Per-MPDU error probabilities for one error rate, cached by length. */
export class MpduErrorModel {
  private readonly byLen = new Map<number, number>();

  constructor(readonly fullFrameErrorRate: number) {}

  probability(mpduLenBytes: number): number {
    const fer = this.fullFrameErrorRate;
    if (fer <= 0) return 0;
    if (fer >= 1) return 1;
    let p = this.byLen.get(mpduLenBytes);
    if (p === undefined) {
      p = 1 - Math.pow(1 - fer, mpduLenBytes / FULL_MPDU_BYTES);
      this.byLen.set(mpduLenBytes, p);
    }
    return p;
  }
}
