/**
 * The `tc` commands that put a scenario's qdisc layer on a veth: a shaper
 * (htb with one class, tbf, cake) with its leaf, or a plain qdisc. The
 * numbers are the scenario's, computed as TSQ Lab's shaper model computes
 * them (src/sim/scenario/shaper-config.ts, src/sim/model/qdisc/tc-rates.ts):
 * htb's burst and cburst default to rate/get_hz() + mtu, tbf's limit to
 * rate · latency + burst, so the kernel and the model get the same bytes.
 */
import { htbDefaultBurstBytes, tbfLimitFromLatency } from '../sim/model/qdisc/tc-rates';
import type { QdiscConfig } from '../sim/scenario/scenario';
import type { ShaperConfig } from '../sim/scenario/shaper-config';

/** The qdisc kinds a command list uses (probed on the host before anything is built). */
export interface TcLayer {
  /** Argument lists after `tc`, in order. */
  commands: string[][];
  kinds: string[];
}

const bytesPerSec = (bps: number): number => Math.floor(bps / 8);

/** A qdisc's own options as tc takes them (`kind` and its arguments). */
export function qdiscArgs(kind: string, q: QdiscConfig, limitBytes?: number): string[] {
  switch (kind) {
    case 'pfifo':
      return ['pfifo', 'limit', String(q.txqueuelen)];
    case 'bfifo':
      // bfifo's default limit is txqueuelen · mtu (fifo_init); under tbf the sim gives it tbf's limit.
      return limitBytes === undefined ? ['bfifo'] : ['bfifo', 'limit', String(limitBytes)];
    case 'pfifo_fast':
      // Its band limit is the device's txqueuelen (set on the link).
      return ['pfifo_fast'];
    case 'fq':
      return [
        'fq',
        ...(q.limit !== null ? ['limit', String(q.limit)] : []),
        'flow_limit',
        String(q.flowLimit),
      ];
    case 'fq_codel':
      return [
        'fq_codel',
        ...(q.limit !== null ? ['limit', String(q.limit)] : []),
        'target',
        `${q.codelTargetUs}us`,
        'interval',
        `${q.codelIntervalUs}us`,
        q.ecn ? 'ecn' : 'noecn',
      ];
    default:
      throw new Error(`qdisc.kind ${JSON.stringify(kind)}: not a qdisc the twin can set`);
  }
}

/** overhead, mpu and linklayer as htb and tbf take them. */
function sizeTable(sh: ShaperConfig): string[] {
  return [
    ...(sh.overheadBytes !== null ? ['overhead', String(sh.overheadBytes)] : []),
    ...(sh.mpuBytes ? ['mpu', String(sh.mpuBytes)] : []),
    ...(sh.linklayer === 'atm' ? ['linklayer', 'atm'] : []),
  ];
}

function htbLayer(dev: string, sh: ShaperConfig, q: QdiscConfig): TcLayer {
  const rate = bytesPerSec(sh.rateBps);
  const ceilBps = sh.ceilBps ?? sh.rateBps;
  const burst = sh.burstBytes ?? htbDefaultBurstBytes(rate, sh.mtuBytes);
  const cburst = sh.cburstBytes ?? htbDefaultBurstBytes(bytesPerSec(ceilBps), sh.mtuBytes);
  const leaf = sh.leaf === 'default' ? 'pfifo' : sh.leaf;
  return {
    kinds: ['htb', leaf],
    commands: [
      ['qdisc', 'replace', 'dev', dev, 'root', 'handle', '1:', 'htb', 'default', '10'],
      [
        'class',
        'add',
        'dev',
        dev,
        'parent',
        '1:',
        'classid',
        '1:10',
        'htb',
        'rate',
        `${sh.rateBps}bit`,
        'ceil',
        `${ceilBps}bit`,
        'burst',
        `${burst}b`,
        'cburst',
        `${cburst}b`,
        'mtu',
        String(sh.mtuBytes),
        ...sizeTable(sh),
      ],
      ['qdisc', 'add', 'dev', dev, 'parent', '1:10', 'handle', '10:', ...qdiscArgs(leaf, q)],
    ],
  };
}

function tbfLayer(dev: string, sh: ShaperConfig, q: QdiscConfig): TcLayer {
  const rate = bytesPerSec(sh.rateBps);
  const burst = sh.burstBytes ?? 0;
  const limit =
    sh.limitBytes ?? tbfLimitFromLatency(rate, sh.latencyUs, burst, bytesPerSec(sh.peakrateBps), sh.mtuBytes);
  const peak = sh.peakrateBps > 0 ? ['peakrate', `${sh.peakrateBps}bit`, 'mtu', String(sh.mtuBytes)] : [];
  const root = ['qdisc', 'replace', 'dev', dev, 'root', 'handle', '1:', 'tbf'];
  const opts = [
    'rate',
    `${sh.rateBps}bit`,
    'burst',
    `${burst}b`,
    'limit',
    `${limit}b`,
    ...peak,
    ...sizeTable(sh),
  ];
  if (sh.leaf === 'default') return { kinds: ['tbf'], commands: [[...root, ...opts]] };
  return {
    kinds: ['tbf', sh.leaf],
    commands: [
      [...root, ...opts],
      ['qdisc', 'add', 'dev', dev, 'parent', '1:1', 'handle', '10:', ...qdiscArgs(sh.leaf, q, limit)],
    ],
  };
}

function cakeLayer(dev: string, sh: ShaperConfig): TcLayer {
  const c = sh.cake;
  const overhead = sh.overheadBytes !== null ? ['overhead', String(sh.overheadBytes)] : ['raw'];
  return {
    kinds: ['cake'],
    commands: [
      [
        'qdisc',
        'replace',
        'dev',
        dev,
        'root',
        'cake',
        'bandwidth',
        `${sh.rateBps}bit`,
        c.flowMode,
        c.diffserv,
        c.ackFilter === 'off'
          ? 'no-ack-filter'
          : c.ackFilter === 'aggressive'
            ? 'ack-filter-aggressive'
            : 'ack-filter',
        'rtt',
        `${c.rttUs}us`,
        c.splitGso ? 'split-gso' : 'no-split-gso',
        ...(c.memlimitBytes !== null ? ['memlimit', `${c.memlimitBytes}b`] : []),
        ...overhead,
        ...(sh.mpuBytes ? ['mpu', String(sh.mpuBytes)] : []),
        ...(sh.linklayer === 'atm' ? ['atm'] : sh.linklayer === 'ptm' ? ['ptm'] : []),
      ],
    ],
  };
}

/** The commands for an interface's qdisc layer: its shaper with the leaf, or the plain qdisc. */
export function tcLayer(dev: string, q: QdiscConfig, sh: ShaperConfig | null): TcLayer {
  if (sh?.kind === 'htb') return htbLayer(dev, sh, q);
  if (sh?.kind === 'tbf') return tbfLayer(dev, sh, q);
  if (sh?.kind === 'cake') return cakeLayer(dev, sh);
  return {
    kinds: [q.kind],
    commands: [['qdisc', 'replace', 'dev', dev, 'root', 'handle', '1:', ...qdiscArgs(q.kind, q)]],
  };
}
