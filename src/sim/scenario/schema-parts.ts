/**
 * The scenario schema's repeated parts: a qdisc block, a shaper, a TX
 * completion model, tcp.perFlow with a flow's application, and a PHY rate.
 * ./validate-rules.ts puts them where the scenario has them.
 */
import {
  bool,
  int,
  KiB,
  MiB,
  num,
  obj,
  oneOf,
  oneOfOrNull,
  optional,
  type ArrayNode,
  type ObjectNode,
  type VariantNode,
} from './schema-nodes';
import { CAKE_DIFFSERV_MODES } from '../model/qdisc/cake/cake-config';
import { CAKE_FLOW_MODES } from '../model/qdisc/cake/cake-flows';

/** The modelled application writes 16 KiB per sendmsg; a smaller sndbuf could never hold one write. */
export const MIN_SNDBUF_BYTES = 32 * KiB;

export const QDISC_KINDS = ['pfifo_fast', 'fq', 'fq_codel', 'pfifo'] as const;

export const qdisc = (): ObjectNode =>
  obj({
    kind: oneOf(...QDISC_KINDS),
    txqueuelen: int(1, 1_000_000, 'packets'),
    limit: int(1, 10_000_000, 'packets', true),
    flowLimit: int(1, 1_000_000, 'packets'),
    codelTargetUs: num(1, 10_000_000, 'µs'),
    codelIntervalUs: num(1, 100_000_000, 'µs'),
    ecn: bool,
  });

/** A shaper at an interface's root (./shaper-config.ts); cross-field rules in ./validate-shaper.ts. */
export const shaper = (): ObjectNode =>
  obj(
    {
      kind: oneOf('htb', 'tbf', 'cake'),
      rateBps: num(8000, 100e9, 'bit/s'),
      ceilBps: { t: 'number', min: 8000, max: 100e9, unit: 'bit/s', nullable: true },
      burstBytes: int(1, 64 * MiB, 'bytes', true),
      cburstBytes: int(1, 64 * MiB, 'bytes', true),
      mtuBytes: int(64, 65536, 'bytes'),
      limitBytes: int(1, 1 << 30, 'bytes', true),
      latencyUs: num(0, 10_000_000, 'µs'),
      peakrateBps: num(0, 100e9, 'bit/s'),
      // cake takes -64..256 (tc/q_cake.c); htb and tbf an unsigned 16-bit value, checked in validate-shaper.ts.
      overheadBytes: int(-64, 256, 'bytes', true),
      mpuBytes: int(0, 256, 'bytes'),
      linklayer: oneOf('ethernet', 'atm', 'ptm'),
      leaf: oneOf('default', 'pfifo', 'bfifo', 'pfifo_fast', 'fq', 'fq_codel'),
      cake: obj({
        flowMode: oneOf(...CAKE_FLOW_MODES),
        diffserv: oneOf(...CAKE_DIFFSERV_MODES),
        ackFilter: oneOf('off', 'on', 'aggressive'),
        rttUs: num(1, 1e9, 'µs'),
        targetUs: num(1, 1e9, 'µs'),
        splitGso: bool,
        memlimitBytes: int(1, 1 << 30, 'bytes', true),
      }),
    },
    true,
  );

export const completion = (): VariantNode => ({
  t: 'variant',
  cases: {
    immediate: { delayNs: num(0, 1e9, 'ns') },
    coalesced: { usecs: num(0, 1e6, 'µs'), frames: int(1, 65536, 'frames') },
    'coalesced-frames': { usecs: num(0, 1e6, 'µs'), frames: int(1, 65536, 'frames') },
    idle: { delayNs: num(0, 1e9, 'ns') },
  },
});

/** Per-flow paths and lifetimes (tcp.perFlow); cross-field rules in validate.ts. */
export const perFlow = (): ArrayNode => ({
  t: 'array',
  minItems: 1,
  maxItems: 64,
  nullable: true,
  of: obj({
    name: { t: 'string', maxLength: 64 },
    rttUs: int(0, 10_000_000, 'µs', true),
    startMs: num(0, 3_600_000, 'ms'),
    stopMs: { t: 'number', min: 0, max: 3_600_000, unit: 'ms', nullable: true },
    cc: oneOfOrNull('reno', 'cubic', 'bbr'),
    so_max_pacing_rate: optional({ t: 'number', min: 1, max: 1.25e11, unit: 'bytes/s', nullable: true }),
    so_sndbuf: optional(int(MIN_SNDBUF_BYTES / 2, 1 << 30, 'bytes', true)),
    so_rcvbuf: optional(int(1, 1 << 30, 'bytes', true)),
    tcp_notsent_lowat: optional(int(1, 2 ** 32 - 1, 'bytes', true)),
    app: appSpec(),
    direction: optional(oneOfOrNull('up', 'down')),
  }),
});

/** A flow's application (model/traffic/app-spec.ts): how much each write holds, and when it writes. */
function appSpec(): VariantNode {
  const writeBytes = int(1, 16 * MiB, 'bytes');
  const noDelay = optional(bool);
  return {
    t: 'variant',
    nullable: true,
    optional: true,
    cases: {
      bulk: { writeBytes, noDelay },
      rate: {
        rateBps: num(1000, 1e12, 'bit/s'),
        writeBytes,
        pacingTimerUs: int(1, 1_000_000, 'µs'),
        noDelay,
      },
      onoff: { writeBytes, onMs: num(1, 3_600_000, 'ms'), offMs: num(1, 3_600_000, 'ms'), noDelay },
      // netperf -r req,resp (at least 1 byte each) and --enable-burst -b.
      rr: {
        requestBytes: int(1, 16 * MiB, 'bytes'),
        responseBytes: int(1, 14480, 'bytes'),
        burst: int(0, 1024, 'transactions'),
        noDelay,
      },
    },
  };
}

/** A PHY rate; the MCS range and the streams depend on the mode (checked in validate.ts). */
export const phyRate = (): ObjectNode =>
  obj({
    mode: oneOf('ht', 'vht', 'he', 'legacy'),
    mcs: int(0, 31),
    nss: int(1, 8, 'streams'),
    widthMHz: oneOf(20, 40, 80, 160),
    shortGi: bool,
    giNs: optional(oneOf(800, 1600, 3200)),
    heLtf: optional(oneOf(1, 2, 4)),
    shortPreamble: optional(bool),
  });
