/**
 * cake's flow and host isolation (net/sched/sch_cake.c cake_hash,
 * cake_get_flow_quantum and the *_bulk_flow_count helpers). The flow mode's
 * bits pick what a queue is keyed by: the 5-tuple (CAKE_FLOW_FLOWS), the
 * source and/or destination host; the dual and triple modes also keep per
 * host counts of bulk flows and divide each flow's quantum by its host's
 * load, so hosts share first and flows within a host second.
 *
 * Keys map to queues one to one: cake's 8-way set-associative table of 1024
 * queues only collides once the flows in one set outnumber its ways, far
 * beyond the flows a scenario runs, so the collision path is not modelled.
 */
import type { Skb } from '../../skb';
import { SkbRing } from '../skb-ring';
import { cobaltVarsInit, type CobaltVars } from './cobalt';

export type CakeFlowMode =
  | 'flowblind'
  | 'srchost'
  | 'dsthost'
  | 'hosts'
  | 'flows'
  | 'dual-srchost'
  | 'dual-dsthost'
  | 'triple-isolate';

/** CAKE_FLOW_NONE … CAKE_FLOW_TRIPLE (include/uapi/linux/pkt_sched.h), in tc's name order. */
const MODE_BITS: Record<CakeFlowMode, number> = {
  flowblind: 0,
  srchost: 1,
  dsthost: 2,
  hosts: 3,
  flows: 4,
  'dual-srchost': 5,
  'dual-dsthost': 6,
  'triple-isolate': 7,
};
/** The flow modes, in tc's name order (what a scenario file may name). */
export const CAKE_FLOW_MODES = Object.keys(MODE_BITS) as CakeFlowMode[];
const SRC_IP = 1;
const DST_IP = 2;
const FLOWS = 4;
const DUAL_SRC = 5;
const DUAL_DST = 6;

/** CAKE_SET_NONE … CAKE_SET_DECAYING. */
export const CakeSet = { NONE: 0, SPARSE: 1, SPARSE_WAIT: 2, BULK: 3, DECAYING: 4 } as const;
export type CakeSet = (typeof CakeSet)[keyof typeof CakeSet];

export interface CakeHost {
  srcBulk: number;
  dstBulk: number;
}

export class CakeFlow {
  readonly q = new SkbRing(16);
  set: CakeSet = CakeSet.NONE;
  deficit = 0;
  backlogBytes = 0;
  dropped = 0;
  readonly cvars: CobaltVars = cobaltVarsInit();
  constructor(
    readonly id: number,
    readonly srcHost: CakeHost,
    readonly dstHost: CakeHost,
  ) {}
}

/** quantum_div[i] = 65535 / i (cake_init). */
const quantumDiv = (load: number): number => Math.floor(65535 / load);

export class CakeFlowTable {
  readonly flows: CakeFlow[] = [];
  private readonly byKey = new Map<string, CakeFlow>();
  private readonly srcHosts = new Map<number, CakeHost>();
  private readonly dstHosts = new Map<number, CakeHost>();
  private readonly bits: number;

  constructor(mode: CakeFlowMode) {
    this.bits = MODE_BITS[mode];
  }

  get dualSrc(): boolean {
    return (this.bits & DUAL_SRC) === DUAL_SRC;
  }

  get dualDst(): boolean {
    return (this.bits & DUAL_DST) === DUAL_DST;
  }

  /** cake_hash: the queue for this packet. */
  lookup(skb: Skb): CakeFlow {
    const key = this.key(skb);
    let f = this.byKey.get(key);
    if (!f) {
      f = new CakeFlow(this.flows.length, host(this.srcHosts, skb.src), host(this.dstHosts, skb.dst));
      this.byKey.set(key, f);
      this.flows.push(f);
    }
    return f;
  }

  private key(skb: Skb): string {
    if (this.bits === 0) return '';
    // The 5-tuple: hosts, and the connection (a TCP flow's ports, a ping's ICMP id).
    if (this.bits & FLOWS) return `${skb.src}>${skb.dst}/${skb.flowId}`;
    return `${this.bits & SRC_IP ? skb.src : '*'}>${this.bits & DST_IP ? skb.dst : '*'}`;
  }

  /** cake_get_flow_quantum without the dither: flow_quantum · quantum_div[host_load] (the caller adds get_random_u16 and shifts). */
  quantumScaled(flowQuantum: number, f: CakeFlow): number {
    let load = 1;
    if (this.dualSrc) load = Math.max(load, f.srcHost.srcBulk);
    if (this.dualDst) load = Math.max(load, f.dstHost.dstBulk);
    return flowQuantum * quantumDiv(load);
  }

  incBulk(f: CakeFlow): void {
    if (this.dualSrc && f.srcHost.srcBulk < 1024) f.srcHost.srcBulk++;
    if (this.dualDst && f.dstHost.dstBulk < 1024) f.dstHost.dstBulk++;
  }

  decBulk(f: CakeFlow): void {
    if (this.dualSrc && f.srcHost.srcBulk > 0) f.srcHost.srcBulk--;
    if (this.dualDst && f.dstHost.dstBulk > 0) f.dstHost.dstBulk--;
  }
}

function host(m: Map<number, CakeHost>, addr: number): CakeHost {
  let h = m.get(addr);
  if (!h) {
    h = { srcBulk: 0, dstBulk: 0 };
    m.set(addr, h);
  }
  return h;
}
