/**
 * Plain-language accounts of the five reference experiments: who measured
 * what, on which kernel and hardware, and why it matters. Facts come from the
 * mailing-list threads in shared/seeds (README.md there indexes them); the
 * numbers themselves live in the presets' published tables. Where an account
 * speaks of what the simulation does, its numbers are placeholders bound to
 * the runs the page makes (./gap-text.ts), never typed in.
 */

export interface Account {
  /** Subject line of the thread. */
  subject: string;
  author: string;
  /** When the measurement was posted. */
  date: string;
  where: string;
  kernel: string;
  hardware: string;
  /** What was measured, and how. */
  measured: string;
  /** Why the result matters for the transmit path. */
  matters: string;
  /** Anything in the thread a reader should know when comparing numbers. */
  note?: string;
  /**
   * Where the model is known to disagree with the thread, and what has been
   * checked: shown beside the simulated table so a miss is not mistaken for a
   * mechanism the model gets right. Kernel constants only; the simulation's
   * figures are placeholders ({<run id>.<summary path>|format}, a table
   * run's summary; {seedN.…}, the `seeds` runs; {published.<cell>}) that the
   * page fills from its own runs.
   */
  gaps?: {
    summary: string;
    points: string[];
    more: string;
    /** A table run the page repeats at several seeds (refs seed1, seed2, …). */
    seeds?: { run: string; seeds: number[] };
  };
}

export const ACCOUNTS: Record<string, Account> = {
  'ath9k-pacing-shift': {
    subject: '[PATCH] mac80211: Adjust TSQ pacing shift',
    author: 'Toke Høiland-Jørgensen',
    date: '2 February 2018',
    where: 'linux-wireless and make-wifi-fast mailing lists',
    kernel:
      'mac80211 of early 2018, using the new sk_pacing_shift_update() helper; shift 10 is the pre-patch default',
    hardware: 'an ath9k WiFi device, one hop to a host on the other side',
    measured:
      'Throughput of locally originated TCP (average of 5 netperf runs of 10 s) for sk_pacing_shift 10, 9, 8 and 7, and the latency seen by competing flows.',
    matters:
      'TSQ lets only pacing rate >> shift bytes wait below the socket: about 1 ms of data at shift 10. WiFi needs more than that queued to build large aggregates, so shift 8 (about 4 ms) tripled throughput, at the cost of latency rising from about 3 ms to about 10 ms; going further gave little.',
    note: 'The shift 8 cell sits near the −10 % edge of its tolerance and moves with the seed: the budget follows the pacing rate, so a few bytes decide whether an skb waits and runs part ways. Each cell is therefore the mean of seeds 1–5, as the thread averaged five netperf runs (npm run sim -- ath9k-pacing-shift --seed N reruns the table from another seed).',
  },
  'ath9k-intermediate-queues': {
    subject: '[v6] ath9k: Switch to using mac80211 intermediate software queues',
    author: 'Toke Høiland-Jørgensen (reply to Kalle Valo)',
    date: '10 November 2016',
    where: 'make-wifi-fast and linux-wireless mailing lists',
    kernel: 'ath9k in the wireless-drivers-next tree of late 2016 (Linux 4.9 era)',
    hardware: 'an ath9k access point with two fast and one slow station, HT20 on 5 GHz',
    measured:
      'Median ping latency and median A-MPDU size per station class during a Flent rtt_fair_var_up test (one TCP flow and one ping flow to each station), with pfifo_fast, with fq_codel on the interface, and with the patch.',
    matters:
      'Forwarded traffic is not limited by TSQ, so the queue builds wherever packets wait. Moving it from the qdisc and driver into mac80211’s per-station FQ-CoDel cut latency by up to an order of magnitude and aggregated slightly better; the slow station’s aggregates stay small whatever the queueing.',
    gaps: {
      summary:
        'The table’s ✓ and ✗ say which cells the model meets. The slow station’s ping is {pfifo_fast.stations.2.medianPingMs} with pfifo_fast, {fq_codel_on_iface.stations.2.medianPingMs} with fq_codel and {mac80211_txq.stations.2.medianPingMs} with the TXQs (the thread: {published.ping_pfifo_fast_slow}, {published.ping_fq_codel_on_iface_slow}, {published.ping_mac80211_txq_slow}); a fast station’s aggregates are {pfifo_fast.stations.0.medianAvgAmpduLen}, {fq_codel_on_iface.stations.0.medianAvgAmpduLen} and {mac80211_txq.stations.0.medianAvgAmpduLen} frames (the thread: {published.aggregate_pfifo_fast_fast}, {published.aggregate_fq_codel_on_iface_fast}, {published.aggregate_mac80211_txq_fast}). No kernel mechanism found so far brings all three rows in together, so the constants are not tuned to any of them.',
      points: [
        'pfifo_fast: the three TCP flows share one qdisc; in this run the fast stations get {pfifo_fast.stations.0.goodputBps} and {pfifo_fast.stations.1.goodputBps}, the slow one {pfifo_fast.stations.2.goodputBps} (the classic 802.11 performance anomaly when they are close). The slow station’s frames can hold most of ath9k’s 123-frame pending limit, the fast TIDs are then often empty at their turn, and the qdisc drains slower. Open the row in the explorer: “Queued per station” shows whose frames fill the driver queue.',
        'fq_codel on the interface: the slow station’s ping ({fq_codel_on_iface.stations.2.medianPingMs}) is long because its frames wait in the driver’s per-TID queue, below fq_codel, where the 123-frame limit lets them pile up.',
        'mac80211 TXQs: each fast station keeps a standing queue at per-flow CoDel’s 20 ms target, so its aggregates reach {mac80211_txq.stations.0.medianAggregate} frames at the median (half the 64-frame block-ack window is 32). The published {published.aggregate_mac80211_txq_fast} frames implies fast queues that empty at every turn; what held the real flows below the AP’s queue is not known.',
        'The mechanisms checked and found not enough on their own (minstrel_ht’s retry chain, RX interrupt mitigation, the legacy path, per-station CoDel for slow stations, probe frames, A-MPDU retries without a BlockAck, a 32-frame BlockAck window, GRO at the stations, a 64 KB send buffer, a fixed window per flow) are listed with their measurements in docs/ath9k-intermediate-queues.md.',
      ],
      more: 'docs/ath9k-intermediate-queues.md in the repository has the measurements behind each point.',
    },
  },
  'brcmfmac-fc-mode': {
    subject: '[PATCH 2/2] brcmfmac: Set pacing shift before transmitting skb to bus',
    author: 'Wright Feng (asked for more modes by Arend Van Spriel)',
    date: '22–24 June 2020',
    where: 'linux-wireless mailing list',
    kernel: 'Linux 5.4.18',
    hardware: 'a Broadcom BCM43455 WiFi chip (brcmfmac driver)',
    measured:
      'TX TCP throughput for sk_pacing_shift 10, 9, 8 and 7 in firmware-signalling flow-control (FC) modes 0, 1 and 2.',
    matters:
      'With flow control the host keeps every skb in its “hanger” until the firmware reports the TX status, so the socket learns of completion late and TSQ throttles it; a smaller shift allows more data in flight. Without flow control (mode 0) the skb is freed once on the bus and the shift barely matters.',
    note: 'The first post gave 190 / 216 / 233 / 233 Mbit/s for FC mode 2; the table uses the re-measurement of all three modes two days later.',
  },
  'gso-always-on': {
    subject: 'tcp: switch to GSO being always on (commit 0a6b2a1dc2a2)',
    author: 'Eric Dumazet (reported by Oleksandr Natalenko)',
    date: '19 February 2018',
    where: 'net-next, merged by David S. Miller',
    kernel: 'net-next for Linux 4.17, compared with the kernel before the patch',
    hardware: 'a 40 Gbit/s link, one netperf TCP_STREAM with BBR',
    measured:
      'Throughput with the fq, pfifo_fast and fq_codel qdiscs, with scatter-gather on, off, and off before the patch.',
    matters:
      'Without SG there was no GSO, so TCP’s internal pacing armed one high-resolution timer per MSS and the sender ran out of CPU (0.66 Gbit/s without fq). Always building GSO packets makes one skb carry about 64 KB, so per-packet costs and timers drop by an order of magnitude.',
  },
  'xen-tsq-limit': {
    subject: '[PATCH net-next] tcp: double default TSQ output bytes limit',
    author: 'Wei Liu (Citrix); acked by Eric Dumazet, applied by David Miller',
    date: '3 June 2015',
    where: 'netdev mailing list (net-next)',
    kernel: 'net-next of mid-2015 (Linux 4.1 era)',
    hardware: 'a Xen guest using the xen-netfront virtual network driver',
    measured:
      'Guest TCP throughput with tcp_limit_output_bytes at 128 KB and at 256 KB, relative to what the guest should reach.',
    matters:
      'The virtual driver frees transmitted skbs only when the backend answers, long after the data left. With a fixed byte budget that caps throughput at about limit ÷ completion delay: 128 KB cost about 30 %, 256 KB about 8 %.',
  },
};
