/**
 * A shaper at the root of an interface (the sender's, or the router's
 * egress): its scenario block, the kernel/tc defaults a new one starts
 * from, and the qdisc options it becomes. The leaf under htb's class or tbf
 * takes its options (limit, flow limit, CoDel target/interval, ECN,
 * txqueuelen) from the same interface's `qdisc` block; while a shaper is
 * set that block's `kind` is not used (`leaf` names the qdisc).
 */
import type { LeafKind, QdiscOptions } from '../model/qdisc/index';
import type { CakeAckFilter } from '../model/qdisc/cake/cake-ack-filter';
import type { CakeDiffserv } from '../model/qdisc/cake/cake-config';
import type { CakeFlowMode } from '../model/qdisc/cake/cake-flows';
import { tbfLimitFromLatency, TC_HTB_DEFAULT_MTU } from '../model/qdisc/tc-rates';

export type ShaperKind = 'htb' | 'tbf' | 'cake';

export interface CakeShaperConfig {
  /** Flow isolation (triple-isolate). */
  flowMode: CakeFlowMode;
  /** Tin mode (diffserv3); every modelled packet is DSCP 0. */
  diffserv: CakeDiffserv;
  ackFilter: CakeAckFilter;
  /** `rtt`: COBALT's interval (100 ms, tc's "internet"). */
  rttUs: number;
  /** COBALT's target (5 ms). */
  targetUs: number;
  /** split-gso (on). */
  splitGso: boolean;
  /** memlimit; null: max(4 · rate · rtt, 4 MiB). */
  memlimitBytes: number | null;
}

export interface ShaperConfig {
  kind: ShaperKind;
  /** htb `rate`, tbf `rate`, cake `bandwidth`, in bit/s. */
  rateBps: number;
  /** htb `ceil`; null: the rate (tc's default). */
  ceilBps: number | null;
  /** htb `burst` or tbf `burst`; null: htb's tc default rate/get_hz() + mtu (tbf requires it). */
  burstBytes: number | null;
  /** htb `cburst`; null: ceil/get_hz() + mtu. */
  cburstBytes: number | null;
  /** tc's `mtu`: htb's default-burst term (1600), tbf's peak bucket (`minburst`). */
  mtuBytes: number;
  /** tbf `limit`; null: from `latency` (rate · latency + burst). */
  limitBytes: number | null;
  /** tbf `latency`, used when limitBytes is null. */
  latencyUs: number;
  /** tbf `peakrate` (0: none). */
  peakrateBps: number;
  /** `overhead`; null: none given (htb/tbf 0; cake `raw`: no compensation, the kernel's 14-byte header counts). */
  overheadBytes: number | null;
  /** `mpu` (0). */
  mpuBytes: number;
  /** htb/tbf `linklayer` ethernet or atm; cake noatm (ethernet), atm or ptm. */
  linklayer: 'ethernet' | 'atm' | 'ptm';
  /** The qdisc under htb's class or tbf; default: pfifo (htb) or bfifo of tbf's limit (tbf). */
  leaf: 'default' | LeafKind;
  cake: CakeShaperConfig;
}

/** A new shaper of `kind` at `rateBps` with tc's and the kernel's defaults (tbf: a 10-packet burst, latency 50 ms). */
export function defaultShaper(kind: ShaperKind, rateBps: number): ShaperConfig {
  return {
    kind,
    rateBps,
    ceilBps: null,
    burstBytes: kind === 'tbf' ? 15140 : null,
    cburstBytes: null,
    mtuBytes: TC_HTB_DEFAULT_MTU,
    limitBytes: null,
    latencyUs: 50_000,
    peakrateBps: 0,
    overheadBytes: null,
    mpuBytes: 0,
    linklayer: 'ethernet',
    leaf: 'default',
    cake: {
      flowMode: 'triple-isolate',
      diffserv: 'diffserv3',
      ackFilter: 'off',
      rttUs: 100_000,
      targetUs: 5000,
      splitGso: true,
      memlimitBytes: null,
    },
  };
}

/** tc's rate parsing: bit/s to the bytes/s it sends (get_rate64: bps / 8). */
const bytesPerSec = (bps: number): number => Math.floor(bps / 8);

/** The qdisc options of a shaper; `leafOpts` are the interface's qdisc block as the leaf would take it. */
export function shaperQdiscOptions(sh: ShaperConfig, leafOpts: QdiscOptions): QdiscOptions {
  const rate = bytesPerSec(sh.rateBps);
  const ll = sh.linklayer === 'atm' ? 'atm' : 'ethernet';
  const leafKind = sh.leaf === 'default' ? undefined : sh.leaf;
  switch (sh.kind) {
    case 'htb':
      return {
        ...leafOpts,
        leafKind,
        htb: {
          rateBytesPerSec: rate,
          ceilBytesPerSec: sh.ceilBps === null ? undefined : bytesPerSec(sh.ceilBps),
          burstBytes: sh.burstBytes ?? undefined,
          cburstBytes: sh.cburstBytes ?? undefined,
          mtuBytes: sh.mtuBytes,
          overheadBytes: sh.overheadBytes ?? 0,
          mpuBytes: sh.mpuBytes,
          linklayer: ll,
        },
      };
    case 'tbf': {
      const burst = sh.burstBytes ?? 0;
      const peak = bytesPerSec(sh.peakrateBps);
      return {
        ...leafOpts,
        leafKind,
        tbf: {
          rateBytesPerSec: rate,
          burstBytes: burst,
          limitBytes: sh.limitBytes ?? tbfLimitFromLatency(rate, sh.latencyUs, burst, peak, sh.mtuBytes),
          peakBytesPerSec: peak,
          mtuBytes: sh.mtuBytes,
          overheadBytes: sh.overheadBytes ?? 0,
          mpuBytes: sh.mpuBytes,
          linklayer: ll,
        },
      };
    }
    case 'cake': {
      const c = sh.cake;
      return {
        ...leafOpts,
        cake: {
          rateBytesPerSec: rate,
          flowMode: c.flowMode,
          diffserv: c.diffserv,
          ackFilter: c.ackFilter,
          rttUs: c.rttUs,
          targetUs: c.targetUs,
          splitGso: c.splitGso,
          memlimitBytes: c.memlimitBytes ?? 0,
          overhead: {
            overheadSet: sh.overheadBytes !== null,
            overheadBytes: sh.overheadBytes ?? 0,
            mpuBytes: sh.mpuBytes,
            atm: sh.linklayer === 'ethernet' ? 'none' : sh.linklayer,
          },
        },
      };
    }
  }
}

/** The occupancy label of an interface's qdisc layer with a shaper: "htb → fq_codel". */
export function shaperLabel(sh: ShaperConfig): string {
  if (sh.kind === 'cake') return 'cake';
  const leaf = sh.leaf !== 'default' ? sh.leaf : sh.kind === 'htb' ? 'pfifo' : 'bfifo';
  return `${sh.kind} → ${leaf}`;
}
