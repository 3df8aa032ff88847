/**
 * The RX half of ath10k's NAPI poll (drivers/net/wireless/ath/ath10k/htt_rx.c,
 * ath10k_htt_txrx_compl_task), which runs before the poll's TX completions:
 * - the CE service at the poll's start (ath10k_pci_napi_poll →
 *   ath10k_ce_per_engine_service_any) parses each HTT RX indication: an
 *   MPDU becomes ready (htt->num_mpdus_ready, `ready` here);
 * - ath10k_htt_rx_deliver_msdu first passes up what the previous poll left
 *   in rx_msdus_q, one MSDU per unit of quota (ath10k_process_rx →
 *   ieee80211_rx_napi: the stack, and TCP's ACK processing, run inside the
 *   poll); if that alone reaches the budget, the poll ends there and the TX
 *   completions wait for the next poll;
 * - ath10k_htt_rx_handle_amsdu then moves every ready MPDU's MSDUs into
 *   rx_msdus_q, and a second deliver_msdu passes them up within the budget.
 * The firmware has already reordered the MPDUs (QCA6174 reports them in
 * order); the model hands each MPDU to the receiver's reorder stage whole, so
 * an A-MSDU's MSDUs go up together and a poll may pass the budget by up to
 * two MSDUs.
 */
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';

/** NAPI_POLL_WEIGHT (include/linux/netdevice.h): ath10k's netif_napi_add budget. */
export const ATH10K_NAPI_BUDGET = 64;

interface RxMpdu {
  skb: Skb;
  txNode: number;
}

export class Ath10kRx {
  /** HTT RX indications parsed, their MPDUs not handled yet (num_mpdus_ready). */
  private ready: RxMpdu[] = [];
  /** Handled MPDUs waiting to go up (rx_msdus_q). */
  private msdus: RxMpdu[] = [];
  /** MSDUs passed up, and polls that ended on the budget before their TX completions. */
  stats = { msdus: 0, budgetExits: 0 };

  constructor(private readonly up: (txNode: number, skb: Skb, nowNs: Ns) => void) {}

  /** An HTT RX indication reached the host (its interrupt schedules the poll). */
  indicate(skb: Skb, txNode: number): void {
    this.ready.push({ skb, txNode });
  }

  get pending(): boolean {
    return this.ready.length > 0 || this.msdus.length > 0;
  }

  /** ath10k_htt_rx_deliver_msdu: up while quota < budget; the quota after. */
  deliver(quota: number, budget: number, nowNs: Ns): number {
    let i = 0;
    while (quota < budget && i < this.msdus.length) {
      const m = this.msdus[i++];
      const n = msduCount(m.skb);
      quota += n;
      this.stats.msdus += n;
      this.up(m.txNode, m.skb, nowNs);
    }
    if (i > 0) this.msdus = this.msdus.slice(i);
    return quota;
  }

  /** The ath10k_htt_rx_handle_amsdu loop: every ready MPDU into rx_msdus_q. */
  handleReady(): void {
    if (this.ready.length === 0) return;
    this.msdus = this.msdus.concat(this.ready);
    this.ready = [];
  }
}

/** MSDUs in an MPDU (its A-MSDU chain). */
function msduCount(skb: Skb): number {
  let n = 0;
  for (let s: Skb | null = skb; s !== null; s = s.amsduNext) n++;
  return n;
}
