/**
 * The scenario: everything a run depends on besides the seed, as plain JSON.
 * Versioned (`schema`); validated by ./validate.ts; presets in ./presets/.
 */
import type { ScheduledChange } from '../api';
import type { AppSpec } from '../model/traffic/app-spec';

export type { ScheduledChange } from '../api';
import type { CpuCosts } from '../model/cpu/cpu';
import type { CpuPlatformId } from '../model/cpu/platforms';
import type { CompletionModel } from '../model/nic/wired-nic';
import type { EraId } from './eras';
import type { ShaperConfig } from './shaper-config';
import type { KernelConfig } from './kernel';
import type { WifiConfig } from './wifi-config';

export const SCENARIO_SCHEMA = 3;

export type QdiscKindName = 'pfifo_fast' | 'fq' | 'fq_codel' | 'pfifo';
export type CcName = 'reno' | 'cubic' | 'bbr';

export interface QdiscConfig {
  kind: QdiscKindName;
  /** dev->tx_queue_len (pfifo_fast per-band limit, pfifo limit). */
  txqueuelen: number;
  /** fq_codel/fq packet limit (null: kernel default). */
  limit: number | null;
  /** fq flow_limit. */
  flowLimit: number;
  codelTargetUs: number;
  codelIntervalUs: number;
  ecn: boolean;
}

export interface TcpConfig {
  cc: CcName;
  flows: number;
  mssBytes: number;
  initialCwnd: number;
  sndbufBytes: number;
  /** sysctl net.ipv4.tcp_limit_output_bytes; null = the era's default. */
  tcp_limit_output_bytes: number | null;
  /** Pinned sk_pacing_shift; null = 10, or whatever the driver sets (sk_pacing_shift_update). */
  sk_pacing_shift: number | null;
  /** TCP_TX_DELAY socket option in µs (5.4+; 0: off). */
  tx_delay_us: number;
  /** SO_MAX_PACING_RATE in bit/s (0 = unlimited). */
  maxPacingRateBps: number;
  /**
   * Each flow's own path and lifetime (Flent's rtt_fair tests: one flow to
   * each of several hosts); null: every flow shares the path and runs from
   * the start to the end. Wired scenarios only; as many entries as tcp.flows.
   */
  perFlow: FlowSpec[] | null;
}

/** One UDP flow (../model/udp/udp-flow.ts): iperf3 -u -b `rateBps` -l `packetBytes`, to the far host. */
export interface UdpFlowSpec {
  name: string;
  rateBps: number;
  /** Datagram payload (iperf3 -l; its default DEFAULT_UDP_BLKSIZE is 1460). */
  packetBytes: number;
  /** iperf3 --pacing-timer (default 1000 µs). */
  pacingTimerUs: number;
  startMs: number;
  stopMs: number | null;
}

/**
 * One UDP latency probe (../model/udp/udp-probe.ts): irtt client -i
 * `intervalMs` -l `packetBytes` to the far host, as Flent's rrul runs it
 * (flentUdpProbe in ./udp-probes.ts gives Flent 2.1.1’s: 200 ms, 60 bytes).
 */
export interface UdpProbeSpec {
  /** Flent's id for it ('UDP BE'): its series is 'Ping (ms) <name>'. */
  name: string;
  intervalMs: number;
  /** UDP payload of a request and of its reply (irtt's -l, at least its 60-byte header with Flent's options). */
  packetBytes: number;
  startMs: number;
  stopMs: number | null;
}

/** One flow of tcp.perFlow: a bulk flow to a host of its own. */
export interface FlowSpec {
  /** The host's name in summaries and charts. */
  name: string;
  /**
   * Base RTT to this host (two-way propagation, µs): the shared path
   * (2 × (link + router) propagation) plus the host's own delay. Null: the
   * shared path's.
   */
  rttUs: number | null;
  /** When the application starts writing. */
  startMs: number;
  /** When it stops writing (what it wrote is still sent, as after close()); null: at the end. */
  stopMs: number | null;
  /** Congestion control of this flow (null: tcp.cc). */
  cc: CcName | null;
  /** setsockopt(SO_MAX_PACING_RATE) in bytes/s, as the kernel takes it (absent or null: tcp.maxPacingRateBps). */
  so_max_pacing_rate?: number | null;
  /** setsockopt(SO_SNDBUF) in bytes: sk_sndbuf = 2 × min(value, net.core.wmem_max) (absent or null: tcp.sndbufBytes). */
  so_sndbuf?: number | null;
  /** setsockopt(SO_RCVBUF) on this flow's receiver (absent or null: receiver.so_rcvbuf). */
  so_rcvbuf?: number | null;
  /** setsockopt(TCP_NOTSENT_LOWAT) in bytes: the writer waits while this much is unsent (absent or null: off). */
  tcp_notsent_lowat?: number | null;
  /** What its application writes (../model/traffic/app-spec.ts); absent or null: 16 KiB netperf bulk writes. */
  app?: AppSpec | null;
  /**
   * 'up' (absent or null): host 0 sends to this flow's host. 'down': the far
   * host sends (its own socket, qdisc and NIC; ./wired-far-device.ts) and
   * host 0 receives, as netperf TCP_MAERTS in Flent's downloads.
   */
  direction?: FlowDirection | null;
}

export type FlowDirection = 'up' | 'down';

export interface WiredLinkConfig {
  rateBps: number;
  /** One-way propagation delay to the receiver (the ACK path uses the same). */
  propagationUs: number;
  ringSlots: number;
  bql: boolean;
  /** ethtool -K sg on|off; without SG the kernel turns TSO off too (netdev_fix_features). */
  sg: boolean;
  /** ethtool -K tso on|off: off with SG on means GSO in software on page-frag skbs. */
  tso: boolean;
  gsoMaxSizeBytes: number;
  completion: CompletionModel;
  /** Xen netfront instead of a physical NIC. */
  xen: XenLinkConfig | null;
  /** RX interrupt coalescing of this NIC: when the ACKs and replies it receives reach the sender's stack. */
  rxCoalesce: RxCoalesceConfig;
}

/**
 * ethtool -C rx-usecs / rx-frames: the RX interrupt fires at the first of
 * `usecs` after the first frame waiting or `frames` frames waiting (0: no
 * frame limit). usecs 0: every frame at once.
 */
export interface RxCoalesceConfig {
  usecs: number;
  frames: number;
}

export interface XenLinkConfig {
  ringSlots: number;
  backendPerSkbUs: number;
  deallocFixedUs: number;
  deallocMeanExtraUs: number;
  deallocStallProb: number;
  deallocStallMeanUs: number;
  evtchnUs: number;
  physCompletion: CompletionModel;
}

/** A router after the first link (forwarding, its own qdisc and bottleneck). */
export interface RouterConfig {
  rateBps: number;
  propagationUs: number;
  qdisc: QdiscConfig;
  // The egress device below the router's qdisc (schema 3; schema 2 had 256 slots, BQL, prompt completion).
  ringSlots: number;
  bql: boolean;
  completion: CompletionModel;
  /** A shaper at the root of the egress interface, the qdisc block as its leaf's options (null: none). */
  shaper: ShaperConfig | null;
  /**
   * The router's other egress, toward host 0 (the download direction): its
   * own qdisc or shaper and NIC (./wired-reverse.ts). Absent or null: what
   * comes back to host 0 takes an unqueued delay line.
   */
  down?: RouterDownConfig | null;
  /**
   * The router's receive path merges each TSO burst back into one GSO skb and
   * forwards it whole (GRO: napi_gro_receive, then ip_forward keeping it GSO,
   * ip_finish_output_gso), so its qdisc counts one packet per skb, a tail drop
   * loses every segment of it, and the egress sends it as TSO. A router over
   * veths (`tsq-lab twin`'s) does the same without GRO: __dev_forward_skb hands
   * the sender's TSO skb over unchanged. Absent or false: one packet per segment.
   */
  ingressGro?: boolean | null;
}

/**
 * The download side of a router: sqm shapes it on ingress through an IFB
 * (htb + fq_codel at the download rate); the model puts that shaper on the
 * router's egress toward host 0, behind which the LAN port's NIC sits. The
 * NIC's ring, BQL and completion model are the router block's.
 */
export interface RouterDownConfig {
  /** The LAN port's line rate (bit/s); the shaper sets the download rate. */
  rateBps: number;
  qdisc: QdiscConfig;
  shaper: ShaperConfig | null;
}
/** The router device schema 2 had fixed: a 256-slot ring with BQL, freed as the last bit leaves. */
export const ROUTER_DEVICE_DEFAULT = {
  ringSlots: 256,
  bql: true,
  completion: { kind: 'immediate', delayNs: 0 } as CompletionModel,
  shaper: null,
  ingressGro: false as boolean | null,
};

export interface ReceiverConfig {
  groWindowUs: number;
  delackMs: number;
  // ---- the receive buffer (schema 3)
  /** setsockopt(SO_RCVBUF) value, bytes (the kernel doubles it, capped at rmem_max); null: not set, the kernel autotunes. */
  so_rcvbuf: number | null;
  /** net.ipv4.tcp_rmem (null: the era's default). */
  tcp_rmem: TcpRmem | null;
  /** net.core.rmem_max, the cap on SO_RCVBUF (212992 by default). */
  rmem_max: number;
  /** Truesize each received frame charges: the receiving NIC's RX buffer (2048, half a page, in ixgbe). */
  rxBufBytes: number;
}

/** net.ipv4.tcp_rmem: min, default (the initial sk_rcvbuf) and max (the autotuning cap), bytes. */
export interface TcpRmem {
  minBytes: number;
  defaultBytes: number;
  maxBytes: number;
}

export interface Scenario {
  schema: number;
  title: string;
  era: EraId;
  /** Kernel behaviours set one by one; null fields follow the era (./kernel.ts). */
  kernel: KernelConfig;
  /** Default run length for the CLI and sweeps. */
  durationMs: number;
  /** Measurement starts after this warm-up (slow start excluded from summaries). */
  warmupMs: number;
  sampleIntervalUs: number;
  tcp: TcpConfig;
  /** The sender host's CPU: costs per operation, or a platform preset whose costs replace them (model/cpu/platforms.ts). */
  cpu: CpuCosts & { enabled: boolean; platform: CpuPlatformId | null };
  qdisc: QdiscConfig;
  /** A shaper at the root of the sender's interface, `qdisc` as its leaf's options (null: none; wired only). */
  shaper: ShaperConfig | null;
  link: WiredLinkConfig;
  router: RouterConfig | null;
  receiver: ReceiverConfig;
  /** Ping probe from the sender to the receiver every interval (0: off). */
  pingIntervalMs: number;
  /** WiFi topology instead of the wired link (null: wired). */
  wifi: WifiConfig | null;
  /** Knob changes at given simulated times, in time order (./changes.ts). */
  changes: ScheduledChange[];
  /** Unresponsive UDP senders beside the TCP flows (iperf3 -u -b), wired only; absent: none. */
  udpFlows?: UdpFlowSpec[];
  /** UDP latency probes (irtt, as Flent's rrul runs it), to the far host or, on WiFi, the first ping target; absent: none. */
  udpProbes?: UdpProbeSpec[];
  /**
   * Events per packet through a router (absent: 'skb'). 'skb': a GSO/TSO skb
   * crosses the wire into it as one event and its segments enter the router's
   * queue together, when the first one has arrived; on the way out, segments of
   * one skb that follow each other leave the router's NIC as one event of at
   * most 16 µs of its wire (wired-router.ts), each still arriving at its own
   * last bit (an fq_codel router before GRO receivers holds each skb's segments
   * as a train and sends them in pieces, each arriving at its last segment's:
   * ../model/skb-train.ts). 'segment': one event per segment, each at its own last bit (the
   * fine-grained path, which the equivalence test in
   * test/granularity-grid.test.ts holds 'skb' to). A WiFi AP's wire stays per
   * segment in both: its driver builds aggregates from what has arrived.
   */
  granularity?: Granularity;
}

export type Granularity = 'skb' | 'segment';

export const DEFAULT_QDISC: QdiscConfig = {
  kind: 'pfifo_fast',
  txqueuelen: 1000,
  limit: null,
  flowLimit: 100,
  codelTargetUs: 5000,
  codelIntervalUs: 100_000,
  ecn: true,
};
