/**
 * Wires a wired scenario: bulk TCP senders on one host → qdisc → NIC (or Xen
 * netfront) → [router → bottleneck] → receivers, with ACKs returning over the
 * propagation delay. Registers the probes the explorer and summaries read.
 */
import { Sim } from '../engine/sim';
import { NS_PER_SEC, type Ns, us } from '../engine/time';
import { Cpu, ZERO_COSTS } from '../model/cpu/cpu';
import { DelayLine } from '../model/nic/delay-line';
import { DevQueue } from '../model/nic/dev-queue';
import type { DeliverFn, TxDriver } from '../model/nic/driver';
import { WiredNic } from '../model/nic/wired-nic';
import { XenNetfront } from '../model/nic/xen-netfront';
import { createQdisc } from '../model/qdisc/index';
import type { Qdisc } from '../model/qdisc/qdisc';
import { type Skb, SkbKind } from '../model/skb';
import { pingReplyTo } from '../model/ping';
import { createCc } from '../model/tcp/cc/index';
import { TcpReceiver } from '../model/tcp/receiver';
import { TcpSender } from '../model/tcp/sender';
import { bbrOptions, ERAS } from './eras';
import { registerWiredProbes } from './host-probes';
import { Model } from './model';
import { qdiscOptions } from './qdisc-options';
import type { Scenario } from './scenario';

export function buildWired(sc: Scenario, seed: number, framesEnabled: boolean): Model {
  const sim = new Sim(seed);
  const era = ERAS[sc.era];
  const costs = sc.cpu.enabled ? sc.cpu : ZERO_COSTS;
  const cpu = new Cpu(sim);
  const m = new Model(sim, sc, era, cpu, framesEnabled);
  const free = m.freeFn;

  // Far end: receivers (and ping replies).
  const receivers: TcpReceiver[] = [];
  const ackLine = new DelayLine(sim, us(sc.link.propagationUs + (sc.router?.propagationUs ?? 0)), (ack) => {
    if (ack.kind === SkbKind.PING_REPLY) m.pingReply(ack);
    else m.senders[ack.flowId].receiveAck(ack);
  });
  const farEnd: DeliverFn = (skb, now) => {
    if (skb.kind === SkbKind.PING_REQ) ackLine.send(pingReplyTo(skb), now);
    else receivers[skb.flowId].receive(skb, now);
  };

  // Optional router with its own bottleneck and qdisc.
  let firstHopDeliver = farEnd;
  let routerQdisc: Qdisc | null = null;
  if (sc.router) {
    const r = sc.router;
    routerQdisc = createQdisc(r.qdisc.kind, qdiscOptions(r.qdisc, era), m.dropFn);
    const rnic = new WiredNic(
      sim,
      {
        rateBps: r.rateBps,
        propagationNs: us(r.propagationUs),
        ringSlots: 256,
        bql: true,
        completion: { kind: 'immediate', delayNs: 0 },
        deliverAs: 'train',
        cpu: null,
        perCompletionNs: 0,
      },
      farEnd,
      free,
    );
    const rq = new DevQueue(sim, routerQdisc, rnic, {
      softwareGso: false,
      sg: true,
      cpu: null,
      costs: ZERO_COSTS,
    });
    firstHopDeliver = (skb, now) => rq.xmit(skb, now);
    m.addBottleneck(rnic);
  }

  // The sender's device.
  const link = sc.link;
  let driver: TxDriver;
  if (link.xen) {
    const x = link.xen;
    const xen = new XenNetfront(
      sim,
      sim.rng.fork(11),
      {
        ringSlots: x.ringSlots,
        backendPerSkbNs: us(x.backendPerSkbUs),
        physRateBps: link.rateBps,
        physCompletion: x.physCompletion,
        propagationNs: us(link.propagationUs),
        deallocFixedNs: us(x.deallocFixedUs),
        deallocMeanExtraNs: us(x.deallocMeanExtraUs),
        deallocStallProb: x.deallocStallProb,
        deallocStallMeanNs: us(x.deallocStallMeanUs),
        evtchnNs: us(x.evtchnUs),
        // A router receives packets of its own: the guest's skbs stay with netfront until freed.
        deliverAs: sc.router ? 'segments' : 'train',
        cpu,
        perCompletionNs: costs.perCompletionNs,
      },
      firstHopDeliver,
      free,
    );
    driver = xen;
    m.addBottleneck(xen.phys);
    m.driverBytes = () => xen.inFlightBytes;
  } else {
    const nic = new WiredNic(
      sim,
      {
        rateBps: link.rateBps,
        propagationNs: us(link.propagationUs),
        ringSlots: link.ringSlots,
        bql: link.bql,
        completion: link.completion,
        deliverAs: sc.router ? 'segments' : 'train',
        cpu,
        perCompletionNs: costs.perCompletionNs,
      },
      firstHopDeliver,
      free,
    );
    driver = nic;
    m.addBottleneck(nic);
    m.driverBytes = () => nic.inflightBytes;
  }
  const qdisc = createQdisc(sc.qdisc.kind, qdiscOptions(sc.qdisc, era), m.dropFn);
  const gsoMode = link.sg ? 'tso' : era.gsoAlwaysOn ? 'gso' : 'mss';
  const dev = new DevQueue(sim, qdisc, driver, { softwareGso: gsoMode === 'gso', sg: link.sg, cpu, costs });
  m.qdiscs.push(qdisc);
  if (routerQdisc) m.qdiscs.push(routerQdisc);
  m.pingOut = (skb, now) => dev.xmit(skb, now);

  const t = sc.tcp;
  for (let i = 0; i < t.flows; i++) {
    const cc = createCc(t.cc, sim.rng.fork(100 + i), bbrOptions(era));
    const sender = new TcpSender(
      sim,
      cpu,
      costs,
      era,
      cc,
      {
        flowId: i,
        src: 0,
        dst: 1,
        priority: 0,
        mssBytes: t.mssBytes,
        initialCwnd: t.initialCwnd,
        sndbufBytes: t.sndbufBytes,
        limitOutputBytes: t.tcp_limit_output_bytes ?? era.limitOutputBytes,
        pacingShiftOverride: t.sk_pacing_shift,
        gsoMaxSizeBytes: link.gsoMaxSizeBytes,
        gsoMode,
        sg: link.sg || gsoMode === 'gso',
        minTsoSegs: t.min_tso_segs,
        maxPacingRateBytesPerSec: t.maxPacingRateBps > 0 ? t.maxPacingRateBps / 8 : Infinity,
        txDelayUs: t.tx_delay_us,
      },
      (skb: Skb, now: Ns) => dev.xmit(skb, now),
      m.senderHooks,
    );
    m.senders.push(sender);
    receivers.push(
      new TcpReceiver(
        sim,
        {
          flowId: i,
          node: 1,
          peer: 0,
          mssBytes: t.mssBytes,
          delackNs: sc.receiver.delackMs * 1_000_000,
          groWindowNs: us(sc.receiver.groWindowUs),
          groMaxBytes: 65536,
          priority: 0,
        },
        (ack, now) => ackLine.send(ack, now),
      ),
    );
  }
  m.receivers = receivers;
  registerWiredProbes(m, dev);
  m.start(NS_PER_SEC / 1e6);
  return m;
}
