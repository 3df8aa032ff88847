/**
 * Glossary terms of the stack: skbs and their accounting, TCP, TSQ, qdiscs, the device and its completions, GSO/TSO, pacing, congestion control (the glossary: ./glossary.ts).
 */
import type { GlossaryTerm } from './glossary';

export const STACK_TERMS: readonly GlossaryTerm[] = [
  {
    id: 'skb',
    term: 'skb',
    forms: ['skb', 'skbs', 'sk_buff'],
    definition:
      'struct sk_buff, the kernel’s packet buffer: headers, a pointer to the payload, and the bookkeeping every layer uses. A TSO or GSO skb carries many segments.',
    files: ['include/linux/skbuff.h'],
  },
  {
    id: 'truesize',
    term: 'truesize',
    forms: ['truesize'],
    definition:
      'skb->truesize: the memory an skb really takes — its payload plus the sk_buff, the shared info and the head allocation. sk_wmem_alloc and TSQ count truesize, not payload, so a small skb costs more than its bytes.',
    files: ['include/linux/skbuff.h', 'net/core/skbuff.c'],
  },
  {
    id: 'payload',
    term: 'payload',
    forms: ['payload'],
    definition:
      'The TCP data an skb carries (skb->len less the headers): what the receiver gets and goodput counts. Compare truesize, the memory the skb occupies.',
    files: ['include/linux/skbuff.h'],
  },
  {
    id: 'sk_wmem_alloc',
    term: 'sk_wmem_alloc',
    forms: ['sk_wmem_alloc'],
    definition:
      'The socket’s count of transmit memory still in use: the truesize of every skb it sent that has not been freed — in the qdisc, in the driver, on the wire, or waiting for its TX completion. TSQ compares it with its limit.',
    files: ['include/net/sock.h', 'net/core/sock.c'],
  },
  {
    id: 'tsq',
    term: 'TCP Small Queues (TSQ)',
    forms: ['TCP Small Queues', 'TSQ', 'tcp_small_queue_check'],
    definition:
      'tcp_small_queue_check() (Linux 4.9+; from 3.6 the same test sat inline in tcp_write_xmit()): before sending, TCP stops (TSQ_THROTTLED) if sk_wmem_alloc is over its limit, and resumes when a TX completion frees an skb. It keeps the queues below one socket short.',
    files: ['net/ipv4/tcp_output.c'],
  },
  {
    id: 'tcp_limit_output_bytes',
    term: 'tcp_limit_output_bytes',
    forms: ['tcp_limit_output_bytes'],
    definition:
      'The sysctl that caps the TSQ limit (net.ipv4.tcp_limit_output_bytes): every socket’s, except from Linux 5.0 to 6.15, which cap only sockets that are not paced. Its default grew from 128 KiB (3.6, 2012) to 256 KiB (2015), 1 MiB, and 4 MiB (2025).',
    files: ['net/ipv4/tcp_ipv4.c', 'Documentation/networking/ip-sysctl.rst'],
  },
  {
    id: 'sk_pacing_shift',
    term: 'sk_pacing_shift',
    forms: ['sk_pacing_shift', 'sk_pacing_shift_update'],
    definition:
      'The shift in sk_pacing_rate >> sk_pacing_shift (Linux 4.16+; before, a fixed 10), TSQ’s time-based term and the TSO size goal: 10 allows about 1 ms of data below the socket, 8 about 4 ms. mac80211 lowers it with sk_pacing_shift_update() (its default today is 7); brcmfmac sets it in its transmit path.',
    files: ['include/net/sock.h', 'net/mac80211/tx.c'],
  },
  {
    id: 'pacing_rate',
    term: 'sk_pacing_rate',
    forms: ['sk_pacing_rate', 'pacing_rate', 'pacing rate'],
    definition:
      'The rate TCP paces at, in bytes per second. tcp_update_pacing_rate() sets it from mss × max(cwnd, packets_out) ÷ srtt, times tcp_pacing_ss_ratio (200 %) while cwnd is below half of ssthresh and tcp_pacing_ca_ratio (120 %) after; BBR sets its own. TSQ lets sk_pacing_rate >> sk_pacing_shift bytes wait below the socket.',
    files: ['net/ipv4/tcp_input.c', 'include/net/sock.h'],
  },
  {
    id: 'tcp_write_xmit',
    term: 'tcp_write_xmit',
    forms: ['tcp_write_xmit', 'tcp_transmit_skb'],
    definition:
      'TCP’s send loop: for each skb, the congestion window, TSO sizing, pacing and TSQ checks, then tcp_transmit_skb() builds the headers, charges the skb to sk_wmem_alloc and hands it to IP.',
    files: ['net/ipv4/tcp_output.c'],
  },
  {
    id: 'tcp_wfree',
    term: 'tcp_wfree',
    forms: ['tcp_wfree'],
    definition:
      'The destructor of TCP’s transmitted skbs: when the driver frees an skb (its TX completion), tcp_wfree() subtracts its truesize from sk_wmem_alloc and, if the socket was throttled, schedules the TSQ handler to send again.',
    files: ['net/ipv4/tcp_output.c'],
  },
  {
    id: 'tsq_refill',
    term: 'TSQ refill',
    forms: ['TSQ refill', 'TSQ handler', 'TSQ tasklet'],
    definition:
      'The per-CPU tasklet (a BH workqueue since 2024) that tcp_wfree schedules: tcp_tsq_handler() runs tcp_write_xmit again, so the freed budget is refilled without waiting for an ACK.',
    files: ['net/ipv4/tcp_output.c'],
  },
  {
    id: 'qdisc',
    term: 'qdisc',
    forms: ['qdisc', 'qdiscs', 'queueing discipline'],
    definition:
      'The queueing discipline of a network device: dev_queue_xmit() enqueues each skb there and the qdisc hands them to the driver when it has room.',
    files: ['net/sched/sch_generic.c', 'net/core/dev.c'],
  },
  {
    id: 'pfifo_fast',
    term: 'pfifo_fast',
    forms: ['pfifo_fast'],
    definition:
      'The classic default qdisc: three FIFO bands by priority, up to txqueuelen packets (1000) each.',
    files: ['net/sched/sch_generic.c'],
  },
  {
    id: 'fq_codel',
    term: 'fq_codel',
    forms: ['fq_codel', 'FQ-CoDel'],
    definition:
      'Flow queueing with CoDel: each flow gets its own queue served round robin, and CoDel drops from a queue whose packets have waited too long. mac80211’s TXQs use the same algorithm.',
    files: ['net/sched/sch_fq_codel.c', 'include/net/fq_impl.h'],
  },
  {
    id: 'fq',
    term: 'fq',
    forms: ['sch_fq', 'fq'],
    definition:
      'The fair-queue qdisc: per-flow queues and pacing of each flow at its sk_pacing_rate (or by the skbs’ departure times, EDT).',
    files: ['net/sched/sch_fq.c'],
  },
  {
    id: 'codel',
    term: 'CoDel',
    forms: ['CoDel'],
    definition:
      'Controlled Delay: an AQM that drops (or marks) packets once the minimum time they wait in a queue stays above a target (5 ms) for an interval (100 ms).',
    files: ['include/net/codel_impl.h'],
  },
  {
    id: 'bql',
    term: 'BQL',
    forms: ['BQL', 'Byte Queue Limits'],
    definition:
      'Byte Queue Limits: the driver’s TX ring holds only as many bytes as keep the link busy between completions, so the queue builds in the qdisc, where it can be managed.',
    files: ['lib/dynamic_queue_limits.c', 'include/linux/netdevice.h'],
  },
  {
    id: 'tx_ring',
    term: 'TX ring',
    forms: ['TX ring', 'NIC ring'],
    definition:
      'The descriptor ring a NIC transmits from: ndo_start_xmit() posts an skb there; the skb stays until the NIC reports it sent.',
    files: ['include/linux/netdevice.h'],
  },
  {
    id: 'tx_completion',
    term: 'TX completion',
    forms: ['TX completion', 'TX completions', 'TX status'],
    definition:
      'The driver learning that the hardware sent an skb (a TX interrupt, NAPI, or a WiFi TX status) and freeing it: the moment tcp_wfree runs and TSQ’s budget comes back. Late completions hold TSQ’s budget longer.',
    files: ['net/core/dev.c', 'net/mac80211/status.c'],
  },
  {
    id: 'napi',
    term: 'NAPI',
    forms: ['NAPI'],
    definition:
      'The kernel’s polled interrupt handling: a TX interrupt schedules a poll that cleans completed descriptors in a batch.',
    files: ['net/core/dev.c'],
  },
  {
    id: 'dev_queue_xmit',
    term: 'dev_queue_xmit',
    forms: ['dev_queue_xmit', 'ndo_start_xmit', 'validate_xmit_skb'],
    definition:
      'The device layer: dev_queue_xmit() puts the skb in the qdisc; qdisc_restart() dequeues it, validate_xmit_skb() segments it if the device cannot (software GSO), and ndo_start_xmit() gives it to the driver.',
    files: ['net/core/dev.c', 'net/sched/sch_generic.c'],
  },
  {
    id: 'gso',
    term: 'GSO',
    forms: ['GSO', 'software GSO'],
    definition:
      'Generic Segmentation Offload: TCP builds large skbs and the device layer splits them into MSS-sized segments just before the driver, in software, when the NIC cannot. Since Linux 4.17 TCP always builds GSO skbs.',
    files: ['net/core/gso.c', 'net/ipv4/tcp_offload.c'],
  },
  {
    id: 'tso',
    term: 'TSO',
    forms: ['TSO', 'TSO autosizing'],
    definition:
      'TCP Segmentation Offload: the NIC splits a large skb into segments. tcp_tso_autosize() sizes skbs to about 1 ms of data at the pacing rate (pacing_rate >> sk_pacing_shift).',
    files: ['net/ipv4/tcp_output.c'],
  },
  {
    id: 'sg',
    term: 'scatter-gather',
    forms: ['scatter-gather'],
    definition:
      'NETIF_F_SG: the device can send an skb whose payload sits in page fragments. Without it, before 4.17, TCP built one linear skb per MSS; after, GSO copies each segment into a linear skb.',
    files: ['include/linux/netdev_features.h', 'net/core/sock.c'],
  },
  {
    id: 'hrtimer',
    term: 'hrtimer',
    forms: ['hrtimer', 'hrtimers', 'high-resolution timer'],
    definition:
      'A high-resolution kernel timer. TCP’s internal pacing (4.13–4.19) armed one per skb to wait for its send time; with one MSS per skb that is one timer per packet.',
    files: ['kernel/time/hrtimer.c', 'net/ipv4/tcp_output.c'],
  },
  {
    id: 'edt',
    term: 'EDT',
    forms: ['EDT'],
    definition:
      'Earliest departure time (4.20+): TCP stamps each skb with the time it may leave, and fq holds it until then, instead of TCP waiting on a timer.',
    files: ['net/ipv4/tcp_output.c', 'net/sched/sch_fq.c'],
  },
  {
    id: 'cwnd',
    term: 'cwnd',
    forms: ['cwnd', 'congestion window'],
    definition:
      'The congestion window: how many segments TCP may have in flight, set by the congestion control (CUBIC, BBR).',
    files: ['include/linux/tcp.h', 'net/ipv4/tcp_cong.c'],
  },
  {
    id: 'cubic',
    term: 'CUBIC',
    forms: ['CUBIC'],
    definition:
      'Linux’s default congestion control: a window that grows as a cubic function of the time since the last loss.',
    files: ['net/ipv4/tcp_cubic.c'],
  },
  {
    id: 'bbr',
    term: 'BBR',
    forms: ['BBR'],
    definition:
      'A congestion control that models the path’s bottleneck bandwidth and round-trip time and paces at that bandwidth.',
    files: ['net/ipv4/tcp_bbr.c'],
  },
  {
    id: 'srtt',
    term: 'srtt',
    forms: ['srtt', 'RTT'],
    definition:
      'The round-trip time TCP measures, smoothed (tcp_rtt_estimator()): it grows with every queue on the path.',
    files: ['net/ipv4/tcp_input.c'],
  },
];
