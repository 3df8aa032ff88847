/**
 * The scene of the regression that led to f921a4a5bffa ("tcp: tsq: relax
 * tcp_small_queue_check() when rtx queue contains a single skb", Linux 6.6
 * and 6.1.60): an i.MX6ULL board (the Tarragon controller) sending with
 * iperf through its fec NIC at 100 Mbit/s to a PC, on Linux 6.1. From
 * 65466904b015 (5.18, tcp_tso_rtt_log) its TSO skbs grew to most of 64 KB on
 * the short LAN path, and with TX completions that the fec's interrupt
 * coalescing delays, TSQ let only one or two such skbs below TCP: silences
 * on the wire between them (netdev, "iperf performance regression since
 * Linux 5.18", October 2023). docs/fec-tso-rtt-log.md sets the model beside
 * the thread.
 */
import type { Preset } from './preset';
import { wiredBase } from './wired-base';

export const fecTsoRttLog: Preset = {
  id: 'fec-tso-rtt-log',
  title: 'An embedded 100 Mbit/s NIC with slow TX completions (fec, Linux 6.1): tcp_tso_rtt_log',
  description:
    'One CUBIC bulk flow from an i.MX6ULL board through its fec NIC (software TSO, TX interrupts coalesced for up to 1 ms, no BQL) at 100 Mbit/s to a PC, on Linux 6.1 with HZ=100. The min_rtt bonus of tcp_tso_rtt_log (9) makes the skbs most of 64 KB, so the two skbs TSQ lets below TCP hold twice the data they hold at 0; its shortcut in 6.1 covers only an empty retransmit queue. Compare tcp_tso_rtt_log 0, the TSQ shortcut "a single skb" (the 6.6 fix), and slower TX completions (link.completion).',
  params: [
    'kernel.tcp_tso_rtt_log',
    'kernel.tsq_shortcut',
    'era',
    'kernel.hz',
    'link.tso',
    'tcp.tcp_limit_output_bytes',
    'qdisc.kind',
    'tcp.cc',
  ],
  scenario: () => {
    const sc = wiredBase();
    sc.title = 'fec at 100 Mbit/s, coalesced TX completions, Linux 6.1, HZ=100';
    sc.era = '6.1';
    sc.kernel = { ...sc.kernel, hz: 100 };
    sc.durationMs = 10_000;
    sc.warmupMs = 2000;
    sc.pingIntervalMs = 0;
    sc.tcp = { ...sc.tcp, cc: 'cubic', mssBytes: 1448 };
    sc.qdisc = { ...sc.qdisc, kind: 'pfifo_fast' };
    sc.link = {
      ...sc.link,
      rateBps: 100e6,
      propagationUs: 50,
      sg: true,
      tso: true,
      gsoMaxSizeBytes: 65536,
      bql: false,
      ringSlots: 3,
      completion: { kind: 'coalesced', usecs: 1000, frames: 200 },
    };
    return sc;
  },
  constants: [
    {
      path: 'era',
      why: 'The board moved "from an older kernel version to Linux 6.1"; 6.1 has the min_rtt TSO bonus (65466904b015, 5.18) and the TSQ shortcut for an empty rtx queue only (the single-skb case came back with f921a4a5bffa in 6.6 and 6.1.60).',
    },
    {
      path: 'kernel.hz',
      why: 'Eric Dumazet in the thread: "I see your kernel uses HZ=100" (CONFIG_HZ_100=y, the ARM32 default).',
    },
    {
      path: 'tcp.cc',
      why: 'The posted kernel config: CONFIG_TCP_CONG_CUBIC=y, CONFIG_DEFAULT_TCP_CONG="cubic"; the ss output shows cubic, mss:1448, pmtu:1500.',
    },
    {
      path: 'link.rateBps',
      why: '"driver: fec, 100 Mbit link".',
    },
    {
      path: 'link.tso',
      why: 'ethtool -k: scatter-gather on, tcp-segmentation-offload on (the fec does TSO in its driver, fec_enet_txq_submit_tso, so TCP hands it whole TSO skbs); generic-segmentation-offload on.',
    },
    {
      path: 'link.gsoMaxSizeBytes',
      why: 'The device default (GSO_MAX_SIZE, 65536); Eric suggested lowering it as a workaround, the report ran with the default.',
    },
    {
      path: 'link.completion',
      why: 'fec_imx6ul_info has FEC_QUIRK_HAS_COALESCE, so fec_enet_init sets TX interrupt coalescing to FEC_ITR_ICTT_DEFAULT = 1000 µs and FEC_ITR_ICFT_DEFAULT = 200 frames (drivers/net/ethernet/freescale/fec.h); fec_enet_tx_queue frees an skb from the NAPI poll the interrupt starts. Kept as `coalesced` (the 200 counted in skbs); `coalesced-frames` counts wire frames as the hardware does, and at this rate the 1 ms timer fires first either way (docs/fec-tso-rtt-log.md has both runs).',
    },
    {
      path: 'link.ringSlots',
      why: 'TX_RING_SIZE 512 descriptors, the queue stops below FEC_MAX_SKB_DESCS = 2 · FEC_MAX_TSO_SEGS (100) + MAX_SKB_FRAGS (17) = 217 free ones, and software TSO takes two descriptors (header, data) per segment: 295 / (2 · 45) ≈ 3 full-size TSO skbs.',
    },
    {
      path: 'link.bql',
      why: 'The fec driver calls no netdev_tx_sent_queue / netdev_tx_completed_queue (no BQL).',
    },
    {
      path: 'qdisc.kind',
      why: 'Assumed: the thread does not say; pfifo_fast is the kernel default for a single-queue device (the i.MX6ULL fec has one TX queue) when nothing sets net.core.default_qdisc.',
    },
    {
      path: 'link.propagationUs',
      why: 'A LAN to the PC: 50 µs each way, the wired hosts’ default. The fec’s RX interrupt coalescing (also 1000 µs / 200 frames, which delays the ACKs the board sees) is available as `link.rxCoalesce` and left at its default here (each frame at once); docs/fec-tso-rtt-log.md shows what turning it on does.',
    },
  ],
};
