/**
 * The knobs the explorer shows, keyed by scenario path, with units, ranges,
 * kernel defaults, the kernel file each lives in, and — for the ones that act
 * mid-run — how to apply them to a running model.
 */
import type { ParamSpec, ParamValue } from '../api';
import { ERA_IDS, ERAS } from './eras';
import { KERNEL_PARAMS } from './kernel-params';
import type { Model } from './model';
import { SHAPER_PARAMS } from './params-shaper';
import { TRAFFIC_PARAMS } from './params-traffic';
import type { Scenario } from './scenario';
import { defaultPacingShift, WIFI_DRIVER_PARAMS } from './params-wifi';

export interface ParamDef extends Omit<ParamSpec, 'kernelDefault'> {
  /** Applies the value to a running model; absent means the run restarts. */
  apply?: (m: Model, v: ParamValue) => void;
  kernelDefault?: (sc: Scenario) => ParamValue;
}

const KB = 1024;

export const PARAMS: Record<string, ParamDef> = {
  era: {
    key: 'era',
    label: 'kernel version',
    layer: 'tcp',
    kind: 'enum',
    options: ERA_IDS.map((id) => ({ value: id, label: ERAS[id].label })),
    help: 'Switches the formulas and defaults that changed over time (TSQ cap, shortcut, EDT, GSO always on, mac80211).',
    kernelFile: 'net/ipv4/tcp_output.c',
    live: false,
  },
  'tcp.sk_pacing_shift': {
    key: 'tcp.sk_pacing_shift',
    label: 'TSQ budget shift (sk_pacing_shift)',
    layer: 'tsq',
    kind: 'int',
    min: 0,
    max: 20,
    step: 1,
    ticks: [7, 8, 10],
    help: 'TSQ budget and TSO size are pacing_rate >> shift: 10 ≈ 1 ms of data, 8 ≈ 4 ms, 7 ≈ 8 ms.',
    kernelFile: 'include/net/sock.h',
    live: true,
    kernelDefault: defaultPacingShift,
    apply: (m, v) => {
      for (const s of m.senders) s.setPacingShiftOverride(Number(v));
    },
  },
  'tcp.tcp_limit_output_bytes': {
    key: 'tcp.tcp_limit_output_bytes',
    label: 'TSQ byte cap (tcp_limit_output_bytes)',
    layer: 'tsq',
    kind: 'int',
    unit: 'B',
    min: 1448,
    max: 64 * 1024 * KB,
    scale: 'log',
    ticks: [128 * KB, 256 * KB, 1024 * KB, 4096 * KB],
    help: 'The sysctl cap on bytes (truesize) below the socket; whether it applies to paced flows depends on the era.',
    kernelFile: 'net/ipv4/tcp_output.c',
    live: true,
    kernelDefault: (sc) => ERAS[sc.era].limitOutputBytes,
    apply: (m, v) => {
      for (const s of m.senders) s.limitOutputBytes = Number(v);
    },
  },
  'tcp.tx_delay_us': {
    key: 'tcp.tx_delay_us',
    label: 'extra send delay (TCP_TX_DELAY)',
    layer: 'tcp',
    kind: 'int',
    unit: 'µs',
    min: 0,
    max: 100_000,
    step: 100,
    ticks: [10_000, 50_000],
    help: 'Socket option (5.4+): each packet leaves this much later through its EDT stamp, which fq honours and other qdiscs ignore; TSQ lets about 2 × pacing rate × delay more wait below the socket.',
    kernelFile: 'net/ipv4/tcp_output.c',
    live: false,
    kernelDefault: () => 0,
  },
  'tcp.cc': {
    key: 'tcp.cc',
    label: 'congestion control',
    layer: 'tcp',
    kind: 'enum',
    options: [
      { value: 'cubic', label: 'CUBIC' },
      { value: 'bbr', label: 'BBR v1' },
      { value: 'reno', label: 'Reno' },
    ],
    help: 'BBR paces by itself without fq (one hrtimer per skb in 4.13–4.19, EDT departure stamps from 4.20); CUBIC and Reno are unpaced unless fq paces them.',
    kernelFile: 'net/ipv4/tcp_bbr.c',
    live: false,
    kernelDefault: () => 'cubic',
  },
  'tcp.flows': {
    key: 'tcp.flows',
    label: 'bulk TCP flows',
    layer: 'traffic',
    kind: 'int',
    min: 1,
    max: 16,
    step: 1,
    help: 'Parallel netperf-like bulk TCP flows from the sender.',
    kernelFile: 'net/ipv4/tcp.c',
    live: false,
  },
  'qdisc.kind': {
    key: 'qdisc.kind',
    label: 'queueing discipline (qdisc)',
    layer: 'qdisc',
    kind: 'enum',
    options: [
      { value: 'pfifo_fast', label: 'pfifo_fast' },
      { value: 'fq', label: 'fq' },
      { value: 'fq_codel', label: 'fq_codel' },
    ],
    help: 'fq paces in the qdisc (TCP then stops its own timers); fq_codel drops from the fattest flow.',
    kernelFile: 'net/sched/sch_fq.c',
    live: false,
    kernelDefault: () => 'pfifo_fast',
  },
  'router.qdisc.kind': {
    key: 'router.qdisc.kind',
    label: 'router queue at the bottleneck',
    layer: 'qdisc',
    kind: 'enum',
    options: [
      { value: 'fq_codel', label: 'fq_codel' },
      { value: 'pfifo_fast', label: 'pfifo_fast (1000 packets)' },
      { value: 'fq', label: 'fq' },
    ],
    help: 'The router queue in front of the bottleneck link.',
    kernelFile: 'net/sched/sch_fq_codel.c',
    live: false,
  },
  'link.sg': {
    key: 'link.sg',
    label: 'send offload: scatter-gather and TSO (ethtool -K sg)',
    layer: 'nic',
    kind: 'bool',
    help: 'Off: before 4.17 TCP sends 1-MSS skbs; from 4.17 it builds GSO skbs that are segmented in software.',
    kernelFile: 'net/core/sock.c',
    live: false,
    kernelDefault: () => true,
  },
  'link.tso': {
    key: 'link.tso',
    label: 'TSO (ethtool -K tso)',
    layer: 'nic',
    kind: 'bool',
    help: 'Off with scatter-gather on: TCP still builds large skbs and the stack splits them in software (GSO) on page frags; scatter-gather off turns TSO off too.',
    kernelFile: 'net/core/dev.c',
    live: false,
    kernelDefault: () => true,
  },
  'link.rateBps': {
    key: 'link.rateBps',
    label: 'link rate',
    layer: 'nic',
    kind: 'float',
    unit: 'bit/s',
    min: 1e6,
    max: 100e9,
    scale: 'log',
    ticks: [1e8, 1e9, 1e10, 4e10],
    help: 'Line rate of the sender NIC.',
    kernelFile: 'drivers/net/ethernet',
    live: false,
  },
  'link.propagationUs': {
    key: 'link.propagationUs',
    label: 'one-way delay',
    layer: 'nic',
    kind: 'float',
    unit: 'µs',
    min: 0,
    max: 500_000,
    help: 'Propagation delay to the receiver; the ACKs take the same way back.',
    kernelFile: 'net/ipv4/tcp_input.c',
    live: false,
  },
  'link.bql': {
    key: 'link.bql',
    label: 'byte queue limits (BQL)',
    layer: 'nic',
    kind: 'bool',
    help: 'Byte Queue Limits keep the TX ring short so that the queue stays in the qdisc.',
    kernelFile: 'lib/dynamic_queue_limits.c',
    live: false,
  },
  'link.xen.deallocMeanExtraUs': {
    key: 'link.xen.deallocMeanExtraUs',
    label: 'Xen netback response delay (mean extra)',
    layer: 'nic',
    kind: 'float',
    unit: 'µs',
    min: 0,
    max: 5000,
    help: 'Scheduling delay before dom0 pushes TX responses: the late completion that TSQ waits for.',
    kernelFile: 'drivers/net/xen-netback/netback.c',
    live: false,
  },
  'wifi.txStatusDelayUs': {
    key: 'wifi.txStatusDelayUs',
    label: 'delay until a sent frame is freed (TX status)',
    layer: 'wifi',
    kind: 'float',
    unit: 'µs',
    min: 0,
    max: 10_000,
    help: "From the end of the BlockAck to the skb free (TX interrupt, tasklet, ieee80211_tx_status); with ath10k and mt76, from the firmware's completion message to the NAPI poll that frees the frames.",
    kernelFile: 'drivers/net/wireless/ath/ath9k/xmit.c',
    live: false,
  },
  'wifi.rxIntrMitigationLastUs': {
    key: 'wifi.rxIntrMitigationLastUs',
    label: 'receive interrupt delay (RX interrupt mitigation)',
    layer: 'wifi',
    kind: 'float',
    unit: 'µs',
    min: 0,
    max: 5000,
    help: 'ath9k raises the RX interrupt this long after the last received frame (or wifi.rxIntrMitigationFirstUs after the first), so every ACK the sender sees waits for it. 250 µs on AR92xx, 500 µs on AR9300+; 0 turns mitigation off.',
    kernelFile: 'drivers/net/wireless/ath/ath9k/hw.c',
    live: false,
  },
  'wifi.queueing': {
    key: 'wifi.queueing',
    label: 'where WiFi packets queue',
    layer: 'wifi',
    kind: 'enum',
    options: [
      { value: 'legacy', label: 'qdisc + ath9k driver queues (before 4.10)' },
      { value: 'itxq', label: 'mac80211 intermediate TXQs (FQ-CoDel per station)' },
    ],
    help: 'Before 2016 ath9k kept its own per-TID queues under the interface qdisc; since then it pulls from mac80211.',
    kernelFile: 'net/mac80211/tx.c',
    live: false,
  },
  'wifi.brcmfmac.fcMode': {
    key: 'wifi.brcmfmac.fcMode',
    label: 'brcmfmac firmware flow control (fcmode)',
    layer: 'wifi',
    kind: 'enum',
    options: [
      { value: 0, label: '0: none (free after bus transfer)' },
      { value: 1, label: '1: implied credit' },
      { value: 2, label: '2: explicit credit' },
    ],
    help: 'With flow control the host keeps each skb in the hanger until the firmware reports its TX status.',
    kernelFile: 'drivers/net/wireless/broadcom/brcm80211/brcmfmac/fwsignal.c',
    live: true,
    kernelDefault: () => 0,
    apply: (m, v) => m.setFcMode(Number(v) as 0 | 1 | 2),
  },
  'cpu.enabled': {
    key: 'cpu.enabled',
    label: "model the sender's CPU cost",
    layer: 'cpu',
    kind: 'bool',
    help: 'Charge per-skb, per-byte, per-timer and per-ACK work to one core.',
    kernelFile: 'net/core/dev.c',
    live: false,
  },
  'cpu.timerLatencyNs': {
    key: 'cpu.timerLatencyNs',
    label: 'pacing timer wake-up delay (hrtimer)',
    layer: 'cpu',
    kind: 'float',
    unit: 'ns',
    min: 0,
    max: 100_000,
    help: 'Delay from a pacing timer expiry to the softirq that sends.',
    kernelFile: 'kernel/time/hrtimer.c',
    live: false,
  },
  ...WIFI_DRIVER_PARAMS,
  ...KERNEL_PARAMS,
};

// The shaper knobs live in their own table (./params-shaper.ts).
Object.assign(PARAMS, SHAPER_PARAMS);
Object.assign(PARAMS, TRAFFIC_PARAMS);

/** The ParamSpec list for a preset's keys, with kernel defaults for the scenario's era. */
export function paramSpecs(keys: readonly string[], sc: Scenario): ParamSpec[] {
  return keys
    .filter((k) => PARAMS[k])
    .map((k) => {
      const { apply: _a, kernelDefault, ...spec } = PARAMS[k];
      return kernelDefault ? { ...spec, kernelDefault: kernelDefault(sc) } : spec;
    });
}
