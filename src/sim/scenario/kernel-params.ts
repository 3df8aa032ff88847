/**
 * The explorer's knobs for the scenario's `kernel` block (./kernel.ts): one
 * per kernel behaviour, with the era's value as the slider's kernel default.
 * Sysctls act on a running model (the sockets read them on every use, as the
 * kernel reads sock_net(sk)->ipv4); what a kernel version did rebuilds it.
 */
import type { ParamValue } from '../api';
import type { KernelFeatures } from '../model/tcp/kernel-features';
import { ERAS } from './eras';
import { kernelFieldDefault, type KernelConfig } from './kernel';
import type { Model } from './model';
import type { ParamDef } from './params';

/** A live sysctl: the model's features follow the value, or the era's again when it is set back to null. */
function sysctl<F extends keyof KernelFeatures>(
  feature: F,
  parse: (v: ParamValue) => KernelFeatures[F],
): (m: Model, v: ParamValue | null) => void {
  return (m, v) => {
    m.kernel[feature] = v === null || v === 'null' ? ERAS[m.scenario.era].kernel[feature] : parse(v);
  };
}

const field = (f: keyof KernelConfig) => (sc: Parameters<typeof kernelFieldDefault>[0]) =>
  kernelFieldDefault(sc, f);

export const KERNEL_PARAMS: Record<string, ParamDef> = {
  'kernel.tcp_tso_rtt_log': {
    key: 'kernel.tcp_tso_rtt_log',
    label: 'tcp_tso_rtt_log',
    layer: 'tcp',
    kind: 'int',
    min: 0,
    max: 20,
    step: 1,
    ticks: [0, 9],
    help: 'Autosizing adds gso_max_size >> (min_rtt_us >> this) to the ~1 ms of data per skb (5.18+, default 9: the bonus halves every 512 µs of min_rtt). 0 is the kernel’s “off” (a bonus remains only below 32 µs); before 5.18 there is no bonus at all.',
    kernelFile: 'net/ipv4/tcp_output.c',
    live: true,
    kernelDefault: field('tcp_tso_rtt_log'),
    apply: sysctl('tcpTsoRttLog', Number),
  },
  'kernel.tsq_shortcut': {
    key: 'kernel.tsq_shortcut',
    label: 'TSQ shortcut',
    layer: 'tsq',
    kind: 'enum',
    options: [
      { value: 'none', label: 'none (before 4.10)' },
      { value: 'empty', label: 'rtx queue empty (4.15 .. 6.5)' },
      { value: 'single', label: 'rtx queue empty or a single skb (4.10–4.14, 6.6+)' },
    ],
    help: 'tcp_small_queue_check lets an skb past the limit when nothing (or one skb) waits for its ACK: no need to wait for a TX completion that is slower than the ACK.',
    kernelFile: 'net/ipv4/tcp_output.c',
    live: false,
    kernelDefault: field('tsq_shortcut'),
  },
  'kernel.tcp_autocorking': {
    key: 'kernel.tcp_autocorking',
    label: 'tcp_autocorking',
    layer: 'tcp',
    kind: 'bool',
    help: 'A short tail skb waits for more data from the writer while earlier skbs are still in the qdisc or device (3.14+).',
    kernelFile: 'net/ipv4/tcp.c',
    live: true,
    kernelDefault: field('tcp_autocorking'),
    apply: sysctl('tcpAutocorking', (v) => v === true || v === 'true'),
  },
  'kernel.tcp_min_tso_segs': {
    key: 'kernel.tcp_min_tso_segs',
    label: 'tcp_min_tso_segs',
    layer: 'tcp',
    kind: 'int',
    min: 1,
    max: 64,
    step: 1,
    ticks: [2],
    help: 'The least number of segments autosizing puts in an skb (BBR sets its own: 1 below 1.2 Mbit/s, else 2).',
    kernelFile: 'net/ipv4/tcp_output.c',
    live: true,
    kernelDefault: field('tcp_min_tso_segs'),
    apply: sysctl('tcpMinTsoSegs', Number),
  },
  'kernel.tcp_pacing_ss_ratio': {
    key: 'kernel.tcp_pacing_ss_ratio',
    label: 'tcp_pacing_ss_ratio',
    layer: 'tcp',
    kind: 'int',
    unit: '%',
    min: 50,
    max: 400,
    step: 10,
    ticks: [200],
    help: 'Pacing rate in slow start (cwnd < ssthresh/2), in percent of cwnd · mss / srtt; it also sizes the TSQ budget and TSO skbs.',
    kernelFile: 'net/ipv4/tcp_input.c',
    live: true,
    kernelDefault: field('tcp_pacing_ss_ratio'),
    apply: sysctl('tcpPacingSsRatio', Number),
  },
  'kernel.tcp_pacing_ca_ratio': {
    key: 'kernel.tcp_pacing_ca_ratio',
    label: 'tcp_pacing_ca_ratio',
    layer: 'tcp',
    kind: 'int',
    unit: '%',
    min: 50,
    max: 400,
    step: 10,
    ticks: [120],
    help: 'Pacing rate after slow start, in percent of cwnd · mss / srtt.',
    kernelFile: 'net/ipv4/tcp_input.c',
    live: true,
    kernelDefault: field('tcp_pacing_ca_ratio'),
    apply: sysctl('tcpPacingCaRatio', Number),
  },
  'kernel.gso_always_on': {
    key: 'kernel.gso_always_on',
    label: 'GSO always on',
    layer: 'tcp',
    kind: 'bool',
    help: 'TCP builds multi-MSS skbs even for a device without scatter-gather, and dev_queue_xmit segments them (4.17+); off: 1-MSS skbs and one pacing timer per MSS.',
    kernelFile: 'net/core/sock.c',
    live: false,
    kernelDefault: field('gso_always_on'),
  },
  'kernel.pacing': {
    key: 'kernel.pacing',
    label: 'TCP internal pacing',
    layer: 'tcp',
    kind: 'enum',
    options: [
      { value: 'none', label: 'none (before 4.13: only fq paces)' },
      { value: 'hrtimer', label: 'one hrtimer per skb (4.13–4.19)' },
      { value: 'edt', label: 'EDT departure stamps (4.20+)' },
    ],
    help: 'How a socket that needs pacing (BBR, SO_MAX_PACING_RATE) paces without fq; with EDT fq also honours the stamps.',
    kernelFile: 'net/ipv4/tcp_output.c',
    live: false,
    kernelDefault: field('pacing'),
  },
  'kernel.hz': {
    key: 'kernel.hz',
    label: 'CONFIG_HZ',
    layer: 'tcp',
    kind: 'enum',
    options: [
      { value: 100, label: '100 (ARM defconfigs)' },
      { value: 250, label: '250 (Kconfig default)' },
      { value: 300, label: '300' },
      { value: 1000, label: '1000' },
    ],
    help: 'The jiffy of timer_list timers and jiffy clocks: RTO and delayed-ACK timers fire on ticks, CUBIC’s curve runs on jiffies, and before 4.20 TSO deferral lasts until the next tick.',
    kernelFile: 'kernel/Kconfig.hz',
    live: false,
    kernelDefault: field('hz'),
  },
  'kernel.bbr_ack_aggregation': {
    key: 'kernel.bbr_ack_aggregation',
    label: 'BBR ACK-aggregation headroom',
    layer: 'tcp',
    kind: 'bool',
    help: 'BBR v1 estimates how much data ACKs released in bursts deliver beyond its bandwidth estimate (extra_acked, over the last 5–10 round trips) and adds it to cwnd, so that a WiFi hop’s BlockAck bursts do not leave it cwnd-bound (78dc70ebaa38, 5.1).',
    kernelFile: 'net/ipv4/tcp_bbr.c',
    live: false,
    kernelDefault: field('bbr_ack_aggregation'),
  },
};
