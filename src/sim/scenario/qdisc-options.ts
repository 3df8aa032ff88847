/**
 * A scenario's qdisc block as the qdisc constructors take it (sch_*.c
 * options: limits, CoDel target and interval in ns, ECN), with the kernel's
 * EDT flag (sch_fq uses skb->tstamp as the departure time from 4.20 on).
 */
import type { QdiscOptions } from '../model/qdisc/index';
import { hasEdt, type KernelFeatures } from '../model/tcp/kernel-features';
import type { QdiscConfig } from './scenario';

export function qdiscOptions(q: QdiscConfig, kernel: KernelFeatures): QdiscOptions {
  return {
    txqueuelen: q.txqueuelen,
    limit: q.limit ?? undefined,
    flowLimit: q.flowLimit,
    edt: hasEdt(kernel),
    codelTargetNs: q.codelTargetUs * 1000,
    codelIntervalNs: q.codelIntervalUs * 1000,
    codelEcn: q.ecn,
  };
}
