/**
 * The scenario schema as data: every field of Scenario (./scenario.ts) and
 * WifiConfig (./wifi-config.ts) with its type, range and unit. ./validate.ts
 * walks this tree; a field added to the types needs a line here, or files
 * that carry it are rejected as having an unknown field.
 */
import { CPU_PLATFORM_IDS } from '../model/cpu/platforms';
import { ERA_IDS } from './eras';
import { SCENARIO_SCHEMA } from './scenario';

import {
  bool,
  boolOrNull,
  int,
  MiB,
  num,
  obj,
  oneOf,
  oneOfOrNull,
  optional,
  period,
  type ObjectNode,
} from './schema-nodes';
import { completion, MIN_SNDBUF_BYTES, perFlow, phyRate, qdisc, shaper } from './schema-parts';

export type { ArrayNode, Node, ObjectNode, Rule, VariantNode } from './schema-nodes';
export { oneOf } from './schema-nodes';
export { MIN_SNDBUF_BYTES, QDISC_KINDS } from './schema-parts';

/** Upper bound of sk_pacing_shift: beyond 20 the budget (rate >> shift) is below one skb at any rate the model runs. */
export const MAX_PACING_SHIFT = 20;
/** WiFi topologies carry at most this many stations (one TCP flow and one ping stream each). */
export const MAX_STATIONS = 50;
/** Bulk flows of one sender: their flow ids stay below the ping streams' (1000 + station, model/ping.ts). */
export const MAX_FLOWS = 256;
/**
 * The shortest ping interval: iputils ping keeps the interval as an integer
 * number of milliseconds (ping/ping.h: `int interval;`, "interval between
 * packets (msec)") and refuses less than MIN_USER_INTERVAL_MS = 2 ms to
 * users other than root (200 ms before iputils s20150815); root can go down
 * to 1 ms, the smallest nonzero interval it can hold. 0 is "no ping" here.
 */
export const MIN_PING_INTERVAL_MS = 1;
/**
 * The shortest sampling period of the recorder: 10 µs is a thousand times
 * finer than any timeline draws and keeps a sampled run far from the event
 * rate of the model itself.
 */
export const MIN_SAMPLE_INTERVAL_US = 10;

export const SCHEMA: ObjectNode = obj({
  schema: int(SCENARIO_SCHEMA, SCENARIO_SCHEMA),
  title: { t: 'string', maxLength: 500 },
  era: oneOf(...ERA_IDS),
  kernel: obj({
    // The sysctls' own ranges (net/ipv4/sysctl_net_ipv4.c): u8 values, min_tso_segs from 1, ratios up to 1000.
    tcp_tso_rtt_log: int(0, 255, undefined, true),
    tsq_shortcut: oneOfOrNull('none', 'empty', 'single'),
    tcp_autocorking: boolOrNull,
    tcp_min_tso_segs: int(1, 255, 'segments', true),
    tcp_pacing_ss_ratio: int(0, 1000, '%', true),
    tcp_pacing_ca_ratio: int(0, 1000, '%', true),
    gso_always_on: boolOrNull,
    pacing: oneOfOrNull('none', 'hrtimer', 'edt'),
    hz: oneOfOrNull(100, 250, 300, 1000),
    bbr_ack_aggregation: optional(boolOrNull),
  }),
  durationMs: num(1, 3_600_000, 'ms'),
  warmupMs: num(0, 3_600_000, 'ms'),
  sampleIntervalUs: num(MIN_SAMPLE_INTERVAL_US, 1_000_000, 'µs'),
  tcp: obj({
    cc: oneOf('reno', 'cubic', 'bbr'),
    flows: int(1, MAX_FLOWS),
    mssBytes: int(88, 65000, 'bytes'),
    initialCwnd: int(1, 1000, 'packets'),
    sndbufBytes: int(MIN_SNDBUF_BYTES, 1 << 30, 'bytes'),
    tcp_limit_output_bytes: int(1, 64 * MiB, 'bytes', true),
    sk_pacing_shift: int(0, MAX_PACING_SHIFT, undefined, true),
    // include/linux/tcp.h: `u32 tcp_tx_delay; /* delay (in usec) added to TX packets */` — whole µs.
    tx_delay_us: int(0, 1_000_000, 'µs'),
    maxPacingRateBps: num(0, 1e12, 'bit/s'),
    perFlow: perFlow(),
  }),
  cpu: obj({
    enabled: bool,
    platform: { t: 'enum', values: CPU_PLATFORM_IDS, nullable: true },
    perSkbNs: num(0, 1e7, 'ns'),
    perByteCopyNs: num(0, 1000, 'ns'),
    perSkbAllocNs: num(0, 1e7, 'ns'),
    perAckedSkbNs: num(0, 1e7, 'ns'),
    perGsoSegmentNs: num(0, 1e7, 'ns'),
    perByteGsoCopyNs: num(0, 1000, 'ns'),
    perSegmentXmitNs: num(0, 1e7, 'ns'),
    perTimerNs: num(0, 1e7, 'ns'),
    perAckNs: num(0, 1e7, 'ns'),
    perCompletionNs: num(0, 1e7, 'ns'),
    timerLatencyNs: num(0, 1e8, 'ns'),
  }),
  qdisc: qdisc(),
  shaper: shaper(),
  link: obj({
    rateBps: num(1e6, 100e9, 'bit/s'),
    propagationUs: num(0, 500_000, 'µs'),
    ringSlots: int(1, 65536, 'slots'),
    bql: bool,
    sg: bool,
    tso: bool,
    gsoMaxSizeBytes: int(1500, 524288, 'bytes'),
    completion: completion(),
    xen: obj(
      {
        // netfront stops its queue below MAX_SKB_FRAGS + 2 = 19 free slots: a smaller ring would never wake.
        ringSlots: int(20, 65536, 'slots'),
        backendPerSkbUs: num(0, 1e7, 'µs'),
        deallocFixedUs: num(0, 1e7, 'µs'),
        deallocMeanExtraUs: num(0, 1e7, 'µs'),
        deallocStallProb: num(0, 1, 'probability'),
        deallocStallMeanUs: num(0, 1e7, 'µs'),
        evtchnUs: num(0, 1e7, 'µs'),
        physCompletion: completion(),
      },
      true,
    ),
    rxCoalesce: obj({ usecs: num(0, 1e6, 'µs'), frames: int(0, 65536, 'frames') }),
  }),
  router: obj(
    {
      rateBps: num(1e6, 100e9, 'bit/s'),
      propagationUs: num(0, 500_000, 'µs'),
      qdisc: qdisc(),
      ringSlots: int(1, 65536, 'slots'),
      bql: bool,
      completion: completion(),
      shaper: shaper(),
      // The download side (schema 3, optional: absent is null, the unqueued way back).
      down: {
        ...obj({ rateBps: num(1e6, 100e9, 'bit/s'), qdisc: qdisc(), shaper: shaper() }, true),
        optional: true,
      },
      ingressGro: optional(boolOrNull),
    },
    true,
  ),
  receiver: obj({
    groWindowUs: num(0, 100_000, 'µs'),
    delackMs: num(1, 500, 'ms'),
    so_rcvbuf: int(1, 1 << 30, 'bytes', true),
    tcp_rmem: obj(
      {
        minBytes: int(1, 1 << 30, 'bytes'),
        defaultBytes: int(1, 1 << 30, 'bytes'),
        maxBytes: int(1, 1 << 30, 'bytes'),
      },
      true,
    ),
    rmem_max: int(1, 1 << 30, 'bytes'),
    // Below one 1500-byte frame per buffer no driver receives; 64 KiB covers jumbo and big-page drivers.
    rxBufBytes: int(1600, 65536, 'bytes'),
  }),
  pingIntervalMs: period(MIN_PING_INTERVAL_MS, 60_000, 'ms'),
  granularity: optional(oneOf('skb', 'segment')),
  udpFlows: {
    t: 'array',
    minItems: 0,
    maxItems: 64,
    optional: true,
    of: obj({
      name: { t: 'string', maxLength: 64 },
      rateBps: num(1000, 1e12, 'bit/s'),
      // IPv4's largest UDP payload; more than the MTU is fragmented, which the model does not do.
      packetBytes: int(1, 65_507, 'bytes'),
      pacingTimerUs: int(1, 1_000_000, 'µs'),
      startMs: num(0, 3_600_000, 'ms'),
      stopMs: { t: 'number', min: 0, max: 3_600_000, unit: 'ms', nullable: true },
    }),
  },
  udpProbes: {
    t: 'array',
    minItems: 0,
    maxItems: 16,
    optional: true,
    of: obj({
      name: { t: 'string', maxLength: 64 },
      // Flent's default is its STEP_SIZE, 200 ms; 1 ms bounds the requests a run keeps to one per ms.
      intervalMs: num(1, 60_000, 'ms'),
      // irtt grows -l to its 60-byte header (Flent's options); 1472 is a 1500-byte MTU's unfragmented UDP payload.
      packetBytes: int(60, 1472, 'bytes'),
      startMs: num(0, 3_600_000, 'ms'),
      stopMs: { t: 'number', min: 0, max: 3_600_000, unit: 'ms', nullable: true },
    }),
  },
  changes: {
    t: 'array',
    minItems: 0,
    maxItems: 1000,
    of: obj({
      atUs: int(1, 3_600_000_000, 'µs'),
      key: { t: 'string', maxLength: 100 },
      value: { t: 'scalar', maxLength: 100 },
    }),
  },
  wifi: obj(
    {
      topology: oneOf('local', 'ap'),
      band: oneOf('2.4GHz', '5GHz'),
      driver: oneOf('ath9k', 'brcmfmac', 'ath10k', 'mt76'),
      tcpSender: oneOf('device', 'wired', 'stations'),
      queueing: oneOf('itxq', 'legacy'),
      stations: {
        t: 'array',
        minItems: 1,
        maxItems: MAX_STATIONS,
        of: obj({
          name: { t: 'string', maxLength: 64 },
          rate: phyRate(),
          uplinkRate: phyRate(),
          frameErrorRate: num(0, 1, 'probability'),
          snrDb: { t: 'number', min: -10, max: 80, unit: 'dB', nullable: true, optional: true },
          rateControl: optional(oneOf('fixed', 'minstrel_ht')),
        }),
      },
      txStatusDelayUs: num(0, 100_000, 'µs'),
      rxIntrMitigationLastUs: num(0, 100_000, 'µs'),
      rxIntrMitigationFirstUs: num(0, 100_000, 'µs'),
      legacyMaxPending: int(1, 100_000, 'frames'),
      wiredRateBps: num(1e6, 100e9, 'bit/s'),
      wiredPropagationUs: num(0, 500_000, 'µs'),
      airtimeFairness: bool,
      aql: bool,
      brcmfmac: obj(
        {
          fcMode: oneOf(0, 1, 2),
          initialCredits: { t: 'array', minItems: 4, maxItems: 4, of: int(0, 255, 'credits') },
          creditBackBatch: int(1, 255, 'credits'),
          busBytesPerSec: num(1e5, 1e10, 'bytes/s'),
          busTransferOverheadUs: num(0, 100_000, 'µs'),
          busMaxPktsPerTransfer: int(1, 1024, 'packets'),
          firmwareQueuePkts: int(1, 4096, 'packets'),
          firmwareTxStatusLatencyUs: num(0, 1_000_000, 'µs'),
          firmwareTxStatusBatch: int(1, 1024, 'statuses'),
          firmwareMaxAmpduFrames: int(1, 256, 'frames'),
          firmwareMaxAirtimeUs: num(100, 10_000, 'µs'),
        },
        true,
      ),
      ath10k: obj(
        {
          chip: oneOf('qca6174', 'qca988x', 'qca9984'),
          fwTxComplDelayUs: num(0, 100_000, 'µs'),
          peerMaxAmpduBytes: int(8191, 1_048_575, 'bytes'),
          peerMaxMpduBytes: oneOf(3895, 7991, 11454),
        },
        true,
      ),
      mt76: obj(
        {
          chip: oneOf('mt7915', 'mt7921', 'mt7615'),
          txFreeDelayUs: num(0, 100_000, 'µs'),
          workerDelayUs: num(0, 100_000, 'µs'),
          peerMaxAmpduBytes: int(8191, 6_500_631, 'bytes'),
        },
        true,
      ),
      pingIntervalMs: period(MIN_PING_INTERVAL_MS, 60_000, 'ms'),
    },
    true,
  ),
});
