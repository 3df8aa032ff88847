/**
 * The UDP flows of a wired scenario (`udpFlows`, ../model/udp/udp-flow.ts):
 * each an iperf3 -u sender on the sending host, through the same qdisc,
 * shaper and NIC as the TCP flows, to a receiver on the far host; the
 * summary's loss and jitter per flow.
 */
import { NS_PER_MS, type Ns } from '../engine/time';
import type { UdpSummary } from '../api';
import type { Skb } from '../model/skb';
import { UDP_FLOW_ID_BASE, UdpReceiver, UdpSender } from '../model/udp/udp-flow';
import type { Model } from './model';
import type { Scenario } from './scenario';

export class UdpFlows {
  readonly senders: UdpSender[] = [];
  readonly receivers: UdpReceiver[] = [];
  readonly names: string[] = [];

  constructor(m: Model, sc: Scenario, xmit: (skb: Skb, nowNs: Ns) => void) {
    (sc.udpFlows ?? []).forEach((f, i) => {
      this.names.push(f.name);
      this.senders.push(
        new UdpSender(
          m.sim,
          {
            index: i,
            dst: 1,
            rateBps: f.rateBps,
            packetBytes: f.packetBytes,
            pacingTimerUs: f.pacingTimerUs,
            startNs: f.startMs * NS_PER_MS,
            stopNs: f.stopMs !== null ? f.stopMs * NS_PER_MS : null,
          },
          xmit,
        ),
      );
      this.receivers.push(new UdpReceiver(m.warmupEndNs));
    });
  }

  /** A datagram at the far host. */
  arrive(skb: Skb, nowNs: Ns): void {
    this.receivers[skb.flowId - UDP_FLOW_ID_BASE].receive(skb, nowNs);
  }

  summary(dtNs: Ns): UdpSummary[] {
    return this.receivers.map((rx, i) => {
      const expected = rx.received + rx.lost;
      return {
        name: this.names[i],
        targetBps: this.senders[i].cfg.rateBps,
        goodputBps: dtNs > 0 ? (rx.receivedBytes * 8e9) / dtNs : 0,
        lossFraction: expected > 0 ? rx.lost / expected : 0,
        jitterMs: rx.jitterMs,
      };
    });
  }
}
