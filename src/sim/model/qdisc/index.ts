/**
 * The qdisc layer (net/sched/): a factory over the disciplines the model
 * offers, with one options type covering what `tc qdisc add ... <kind>` and
 * the device (tx_queue_len, MTU) would set.
 */
import type { Ns } from '../../engine/time';
import { Bfifo } from './bfifo';
import { Cake, type CakeOptions } from './cake/cake';
import { FqCodel } from './fq-codel';
import { FqCodelTrains } from './fq-codel-trains';
import { Fq } from './fq';
import { Pfifo } from './pfifo';
import { PfifoFast } from './pfifo-fast';
import { Htb, htbClassFromTc, type HtbTcOptions } from './htb';
import type { DropFn, Qdisc } from './qdisc';
import { Tbf, tbfFromTc, type TbfTcOptions } from './tbf';

export type QdiscKind = Qdisc['kind'];

/**
 * Options for createQdisc(). Each kind reads the fields it knows; anything
 * omitted takes the kernel default given here.
 */
export interface QdiscOptions {
  /** dev->tx_queue_len (default 1000): pfifo_fast's per-band limit, pfifo's default limit. */
  txqueuelen?: number;
  /** pfifo_fast: limit per band (v4.16+, default) or for the whole qdisc (older). */
  perBandLimit?: boolean;
  /** Packet limit: pfifo (txqueuelen), fq (10000, per band with edt), fq_codel (10240). */
  limit?: number;
  /** fq flow_limit (100). */
  flowLimit?: number;
  /** DRR quantum: fq 2·mtu (3028), fq_codel mtu (1514). */
  quantumBytes?: number;
  /** fq initial_quantum (10·mtu = 15140). */
  initialQuantumBytes?: number;
  /** psched_mtu: device MTU plus link header (1514 on Ethernet). */
  mtuBytes?: number;
  /** fq: true = net-next (EDT, bands, fast path), false = v4.16 rate pacing. Default true. */
  edt?: boolean;
  /** fq rate_enable (true). */
  rateEnable?: boolean;
  /** fq maxrate (Infinity = unlimited). */
  maxRateBytesPerSec?: number;
  /** fq low_rate_threshold (68750 B/s = 550 kbit/s). */
  lowRateThresholdBytesPerSec?: number;
  /** fq horizon (10 s) and horizon_drop (true). */
  horizonNs?: Ns;
  horizonDrop?: boolean;
  /** fq fast path for a mostly idle qdisc (default = edt). */
  fastpath?: boolean;
  /** fq_codel CoDel target (5 ms), interval (100 ms), ECN (true), ce_threshold (off). */
  codelTargetNs?: Ns;
  codelIntervalNs?: Ns;
  codelEcn?: boolean;
  codelCeThresholdNs?: Ns;
  /** fq_codel memory_limit (32 MB of skb truesize). */
  memoryLimitBytes?: number;
  /** fq_codel drop_batch_size (64). */
  dropBatch?: number;
  /** fq_codel flows (1024 buckets). */
  flows?: number;
  /** bfifo byte limit (default txqueuelen · mtu). */
  limitBytes?: number;
  /** htb: its one class as `tc class add … htb` gives it. */
  htb?: HtbTcOptions;
  /** tbf: as `tc qdisc add … tbf` gives it. */
  tbf?: TbfTcOptions;
  /** cake: as `tc qdisc add … cake` gives it (rand32 from rand32 below). */
  cake?: Omit<CakeOptions, 'rand32'>;
  /** The qdisc under htb's class or tbf (default: pfifo for htb, bfifo of tbf's limit for tbf). */
  leafKind?: LeafKind;
  /** The device has scatter-gather: segments tbf and cake split off keep frags (true). */
  sg?: boolean;
  /** get_random_u32() for cake (BLUE, quantum dither). */
  rand32?: () => number;
  /** fq_codel as a router's root qdisc on the coarse path: it holds trains (../skb-train.ts). */
  trains?: boolean;
}

/** What may sit under a shaper. */
export type LeafKind = 'pfifo' | 'bfifo' | 'pfifo_fast' | 'fq' | 'fq_codel';

export function createQdisc(kind: QdiscKind, opts: QdiscOptions, drop: DropFn): Qdisc {
  // A leaf's packets are counted by its shaper too, which knows no trains.
  const leafOpts: QdiscOptions = { ...opts, htb: undefined, tbf: undefined, cake: undefined, trains: false };
  switch (kind) {
    case 'bfifo':
      return new Bfifo(opts, drop);
    case 'htb':
      // htb_change_class: a new class gets qdisc_create_dflt(pfifo), limit tx_queue_len.
      return new Htb(
        htbClassFromTc(need(opts.htb, 'htb')),
        (d) => createQdisc(opts.leafKind ?? 'pfifo', leafOpts, d),
        drop,
      );
    case 'tbf': {
      const p = tbfFromTc(need(opts.tbf, 'tbf'));
      // tbf_change: fifo_create_dflt(sch, &bfifo_qdisc_ops, qopt->limit).
      const child = opts.leafKind ?? 'bfifo';
      const childOpts =
        child === 'bfifo' && !opts.leafKind ? { ...leafOpts, limitBytes: p.limitBytes } : leafOpts;
      return new Tbf(p, (d) => createQdisc(child, childOpts, d), drop, { sg: opts.sg });
    }
    case 'cake':
      return new Cake(
        { ...need(opts.cake, 'cake'), sg: opts.sg, rand32: need(opts.rand32, 'cake rand32') },
        drop,
      );
    case 'pfifo_fast':
      return new PfifoFast(opts, drop);
    case 'pfifo':
      return new Pfifo(opts, drop);
    case 'fq':
      return new Fq(opts, drop);
    case 'fq_codel':
      return new (opts.trains ? FqCodelTrains : FqCodel)(
        {
          flows: opts.flows,
          limit: opts.limit,
          memoryLimitBytes: opts.memoryLimitBytes,
          quantumBytes: opts.quantumBytes ?? opts.mtuBytes,
          dropBatch: opts.dropBatch,
          targetNs: opts.codelTargetNs,
          intervalNs: opts.codelIntervalNs,
          ecn: opts.codelEcn,
          ceThresholdNs: opts.codelCeThresholdNs,
          mtuBytes: opts.mtuBytes,
        },
        drop,
      );
  }
}

function need<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`createQdisc: ${what} options are required`);
  return v;
}

export { codelDequeue, codelParams, codelStats, CodelVars } from './codel';
export type { CodelParams, CodelSource, CodelStats } from './codel';
export { DEFAULT_TX_QUEUE_LEN, PRIO2BAND, PfifoFast } from './pfifo-fast';
export { Pfifo } from './pfifo';
export { Fq } from './fq';
export type { FqOptions, FqStats } from './fq';
export { FqCodel, fqCodelHash, FQ_CODEL_DEFAULTS } from './fq-codel';
export type { FqCodelOptions } from './fq-codel';
export { emptyQdiscStats } from './qdisc';
export { Bfifo } from './bfifo';
export { Htb, htbClassFromTc, HtbMode } from './htb';
export type { HtbClassParams, HtbTcOptions } from './htb';
export { Tbf, tbfFromTc } from './tbf';
export type { TbfParams, TbfTcOptions } from './tbf';
export { Cake } from './cake/cake';
export type { CakeOptions, CakeStats } from './cake/cake';
export type { DropFn, Qdisc, QdiscStats } from './qdisc';
