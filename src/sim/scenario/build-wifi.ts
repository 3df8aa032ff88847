/**
 * Wires a WiFi scenario on one shared medium. 'local': TCP on the WiFi
 * device (node 0) sends through the AP (node 1) to a wired host. 'ap': a
 * wired host sends through the AP (node 0) to stations 1..N, as in Flent's
 * rtt_fair tests. Every radio is a contender; stations' TCP ACKs and ping
 * replies take airtime too.
 */
import { Sim } from '../engine/sim';
import { type Ns, us } from '../engine/time';
import { Cpu, ZERO_COSTS } from '../model/cpu/cpu';
import { DelayLine } from '../model/nic/delay-line';
import { DevQueue } from '../model/nic/dev-queue';
import type { TxDriver } from '../model/nic/driver';
import { WiredNic } from '../model/nic/wired-nic';
import { createQdisc } from '../model/qdisc/index';
import { type Skb, SkbKind } from '../model/skb';
import { pingReplyTo } from '../model/ping';
import { createCc } from '../model/tcp/cc/index';
import { TcpReceiver } from '../model/tcp/receiver';
import { TcpSender } from '../model/tcp/sender';
import { Ath9k } from '../model/wifi/ath9k/ath9k';
import { ath9kDefaults } from '../model/wifi/ath9k/ath9k-options';
import { Brcmfmac } from '../model/wifi/brcmfmac/brcmfmac';
import { Mac80211 } from '../model/wifi/mac80211/mac80211-txq';
import { AQL_DEFAULTS, mac80211Defaults } from '../model/wifi/mac80211/mac80211-options';
import { Medium } from '../model/wifi/medium/medium';
import { RxReorder } from '../model/wifi/mac80211/rx-reorder';
import { RxMitigation } from '../model/wifi/ath9k/rx-mitigation';
import { phyRateBps } from '../model/wifi/phy/phy';
import type { PhyRate } from '../model/wifi/types';
import { brcmfmacOptions } from './brcmfmac-options';
import { bbrOptions, ERAS } from './eras';
import { Model } from './model';
import { qdiscOptions } from './qdisc-options';
import { rcvBuffer } from './rcv-eras';
import { handshake } from './wired-flows';
import type { Scenario } from './scenario';
import { registerWifiProbes, type WifiRadios } from './wifi-probes';

export const HOST_NODE = 100;

export function buildWifi(sc: Scenario, seed: number, framesEnabled: boolean): Model {
  const w = sc.wifi!;
  const sim = new Sim(seed);
  const era = ERAS[sc.era];
  const cpu = new Cpu(sim);
  const costs = sc.cpu.enabled ? sc.cpu : ZERO_COSTS;
  const m = new Model(sim, sc, era, cpu, framesEnabled);
  const medium = new Medium(sim, sim.rng.fork(3), {
    band: w.band,
    collisions: true,
    onTxop: (r) => m.onTxop(r),
  });
  const local = w.topology === 'local';
  const nSta = local ? 1 : w.stations.length;
  const receivers: TcpReceiver[] = [];

  // Rates: node 0 talks to node j at stations[j-1].rate; node j answers at uplinkRate.
  const rateTo = (from: number, to: number): PhyRate => {
    if (from === 0) return w.stations[Math.max(0, to - 1)].rate;
    return w.stations[from - 1].uplinkRate;
  };
  const fer = (from: number, to: number): number =>
    w.stations[Math.max(0, (from === 0 ? to : from) - 1)].frameErrorRate;

  // Where a frame received over the air goes next.
  const wiredToHost = new DelayLine(sim, us(w.wiredPropagationUs), (skb, now) => hostReceive(skb, now));
  const onAir = (rxNode: number, skb: Skb, now: Ns): void => {
    if (local && rxNode === 1) return wiredToHost.send(skb, now); // AP forwards to the host
    if (!local && rxNode === 0) return wiredToHost.send(skb, now);
    // A station (ap topology) or the local sender (local topology) receives.
    if (skb.kind === SkbKind.DATA) receivers[skb.flowId].receive(skb, now);
    else if (skb.kind === SkbKind.ACK) m.senders[skb.flowId].receiveAck(skb);
    else if (skb.kind === SkbKind.PING_REQ) radioXmit(rxNode, pingReplyTo(skb), now);
    else if (skb.kind === SkbKind.PING_REPLY) m.pingReply(skb);
  };
  // Every receiving radio reorders each (transmitter, TID) stream.
  const reorder = new RxReorder(sim, (skb, now) => onAir(reorderDst(skb), skb, now));
  const radios: WifiRadios = { macs: [], ath9k: [], brcm: null, reorder };
  m.wifiRadios = radios;
  const reorderDst = (skb: Skb): number => skb.dst;
  const toReorder = (txNode: number, skb: Skb, now: Ns): void =>
    reorder.receive((txNode * 256 + skb.dst) * 8 + (skb.priority & 7), skb, now);
  // ath9k receivers hand frames up on the mitigated RX interrupt; brcmfmac (node 0) on its SDIO path.
  const rimt = { lastNs: us(w.rxIntrMitigationLastUs), firstNs: us(w.rxIntrMitigationFirstUs) };
  const mitigation = new Map<number, RxMitigation>();
  const airRx = (txNode: number, skb: Skb, now: Ns): void => {
    const rxNode = skb.dst;
    if (rxNode === 0 && radios.brcm) return radios.brcm.receiveFromAir(skb, now);
    if (rimt.lastNs <= 0) return toReorder(txNode, skb, now);
    let mt = mitigation.get(rxNode);
    if (!mt) {
      mt = new RxMitigation(sim, rimt, (f, from, t) => toReorder(from, f, t));
      mitigation.set(rxNode, mt);
    }
    mt.receive(skb, txNode, now);
  };
  // The wired host: in 'local' it receives data and answers pings; in 'ap' it gets ACKs and ping replies.
  const hostReceive = (skb: Skb, now: Ns): void => {
    if (skb.kind === SkbKind.DATA) receivers[skb.flowId].receive(skb, now);
    else if (skb.kind === SkbKind.ACK) m.senders[skb.flowId].receiveAck(skb);
    else if (skb.kind === SkbKind.PING_REQ) fromHost.send(pingReplyTo(skb), now);
    else if (skb.kind === SkbKind.PING_REPLY) m.pingReply(skb);
  };

  // mac80211 + ath9k radios for every node that is not the main sender's driver.
  const makeMacRadio = (
    node: number,
    peers: number[],
    itxq: boolean,
  ): { mac: Mac80211 | null; ath: Ath9k } => {
    const ath = new Ath9k(
      sim,
      sim.rng.fork(20 + node),
      medium,
      ath9kDefaults(node, w.band, (dst) => rateTo(node, dst), {
        mode: itxq ? 'itxq' : 'legacy',
        txStatusDelayNs: us(w.txStatusDelayUs),
        legacyMaxPending: w.legacyMaxPending,
        frameErrorRate: fer(node, peers[0]) > 0 ? () => fer(node, peers[0]) : undefined,
        scheduler: itxq && era.ath9kRotatingRoundRobin && !w.airtimeFairness ? 'rotating' : undefined,
      }),
      {
        deliver: (skb, now) => airRx(node, skb, now),
        free: m.freeFn,
        onAggregate: (n, bytes, dst, now) => m.onAggregate(node, n, bytes, dst, now),
      },
    );
    radios.ath9k[node] = ath;
    if (!itxq) return { mac: null, ath };
    const mac = new Mac80211(
      sim,
      mac80211Defaults({
        slowStationCodel: era.mac80211SlowStationCodel,
        airtimeFairness: w.airtimeFairness,
        aql: w.aql ? (era.mac80211Aql ?? AQL_DEFAULTS) : null,
        txSkPacingShift: era.mac80211PacingShift,
      }),
      { drop: m.dropFn, free: m.freeFn },
    );
    for (const p of peers) mac.addStation(p, phyRateBps(rateTo(node, p)) / 1000 / 1.5);
    ath.attach(mac);
    radios.macs[node] = mac;
    return { mac, ath };
  };

  // The main transmitter (node 0) and its netdev queue.
  const qdisc = createQdisc(sc.qdisc.kind, qdiscOptions(sc.qdisc, era), m.dropFn);
  m.qdiscs.push(qdisc);
  let driver: TxDriver;
  const peers0 = local ? [1] : w.stations.map((_, i) => i + 1);
  if (w.driver === 'brcmfmac') {
    const brcm = new Brcmfmac(sim, sim.rng.fork(7), medium, brcmfmacOptions(w), {
      deliver: (skb, now) => {
        skb.dst = 1;
        airRx(0, skb, now);
      },
      free: m.freeFn,
      drop: () => {},
      onAggregate: (n, bytes, dst, now) => m.onAggregate(0, n, bytes, dst, now),
      // Received frames (the AP's TCP ACKs) cross the SDIO bus before the stack sees them.
      receive: (skb, now) => toReorder(1, skb, now),
    });
    radios.brcm = brcm;
    m.setFcMode = (mode) => brcm.setFcMode(mode, sim.nowNs);
    driver = brcm;
  } else {
    const r0 = makeMacRadio(0, peers0, w.queueing === 'itxq');
    driver = r0.mac ? macDriver(r0.mac) : r0.ath;
  }
  // WiFi netdevs advertise no scatter-gather (mac80211 copies only hw.netdev_features;
  // brcmfmac sets none): before 4.17 TCP therefore builds 1-MSS linear skbs, after
  // it GSO skbs that dev_queue_xmit segments into linear skbs.
  const gsoMode = era.gsoAlwaysOn ? 'gso' : 'mss';
  const dev0 = new DevQueue(sim, qdisc, driver, {
    softwareGso: era.gsoAlwaysOn,
    sg: false,
    cpu: null,
    costs: ZERO_COSTS,
  });
  // Other radios: the AP (local topology) or the stations (ap topology).
  for (let node = 1; node <= nSta; node++) makeMacRadio(node, [0], true);
  const radioXmit = (node: number, skb: Skb, now: Ns): void => {
    skb.dst = node === 0 ? skb.dst : 0;
    if (node === 0) dev0.xmit(skb, now);
    else radios.macs[node]!.xmit(skb, now);
  };

  // The wired side: host → AP ('ap': through the host's NIC), AP → host via a delay line.
  let fromHost: { send(skb: Skb, now: Ns): void };
  let senderOut: (skb: Skb, now: Ns) => void;
  if (local) {
    // Replies and ACKs from the host enter the AP's mac80211 for node 0.
    fromHost = new DelayLine(sim, us(w.wiredPropagationUs), (skb, now) => {
      skb.dst = 0;
      radios.macs[1]!.xmit(skb, now);
    });
    senderOut = (skb, now) => dev0.xmit(skb, now);
    m.pingTargets = [1];
    m.pingOut = (skb, now) => dev0.xmit(skb, now);
  } else {
    const hostQ = createQdisc('pfifo_fast', qdiscOptions(sc.qdisc, era), m.dropFn);
    const nic = new WiredNic(
      sim,
      {
        rateBps: w.wiredRateBps,
        propagationNs: us(w.wiredPropagationUs),
        ringSlots: 256,
        bql: true,
        completion: { kind: 'immediate', delayNs: 5000 },
        deliverAs: 'segments',
        cpu: null,
        perCompletionNs: 0,
      },
      (skb, now) => dev0.xmit(skb, now),
      m.freeFn,
    );
    const hostDev = new DevQueue(sim, hostQ, nic, {
      softwareGso: false,
      sg: true,
      cpu: null,
      costs: ZERO_COSTS,
    });
    fromHost = { send: (skb, now) => hostDev.xmit(skb, now) };
    senderOut = (skb, now) => hostDev.xmit(skb, now);
    m.pingTargets = w.stations.map((_, i) => i + 1);
    m.pingOut = (skb, now) => hostDev.xmit(skb, now);
  }

  // TCP: one bulk flow per station ('ap') or sc.tcp.flows flows ('local').
  const t = sc.tcp;
  const flows = local ? t.flows : w.stations.length;
  for (let i = 0; i < flows; i++) {
    const dst = local ? 1 : i + 1;
    const sender = new TcpSender(
      sim,
      cpu,
      costs,
      era,
      createCc(t.cc, sim.rng.fork(100 + i), bbrOptions(era)),
      {
        flowId: i,
        src: local ? 0 : HOST_NODE,
        dst,
        priority: 0,
        mssBytes: t.mssBytes,
        initialCwnd: t.initialCwnd,
        sndbufBytes: t.sndbufBytes,
        limitOutputBytes: t.tcp_limit_output_bytes ?? era.limitOutputBytes,
        pacingShiftOverride: t.sk_pacing_shift,
        gsoMaxSizeBytes: 65536,
        gsoMode: local ? gsoMode : 'tso',
        sg: local ? era.gsoAlwaysOn : true,
        minTsoSegs: t.min_tso_segs,
        maxPacingRateBytesPerSec: t.maxPacingRateBps > 0 ? t.maxPacingRateBps / 8 : Infinity,
        txDelayUs: t.tx_delay_us,
      },
      senderOut,
      m.senderHooks,
    );
    m.senders.push(sender);
    const rxNode = local ? HOST_NODE : dst;
    receivers.push(
      new TcpReceiver(
        sim,
        {
          flowId: i,
          node: rxNode,
          peer: local ? 0 : HOST_NODE,
          mssBytes: t.mssBytes,
          delackNs: sc.receiver.delackMs * 1_000_000,
          groWindowNs: local ? us(sc.receiver.groWindowUs) : 0,
          groMaxBytes: 65536,
          priority: 0,
          buffer: rcvBuffer(sc.era, sc.receiver),
        },
        (ack, now) => (local ? fromHost.send(ack, now) : radioXmit(dst, ack, now)),
      ),
    );
    // The handshake crossed the wired hop (and the air, not counted here).
    handshake(sender, receivers[i], i * 1000, us(w.wiredPropagationUs));
  }
  m.receivers = receivers;
  m.stationNames = local ? [w.stations[0].name] : w.stations.map((s) => s.name);
  m.stationBytes = local ? [() => m.deliveredBytes()] : receivers.map((r) => () => r.bytesInOrder);
  m.stationAirtime = m.stationNames.map((_, i) => {
    const node = m.stationNode(i);
    return () => m.airtimeNs(0, node) + m.airtimeNs(node, 0);
  });
  m.airtimeBusy = () => (sim.nowNs > 0 ? medium.busyNs / sim.nowNs : 0);
  registerWifiProbes(m, radios, dev0, w);
  m.start(0);
  return m;
}

/** mac80211 with iTXQ as the netdev's driver: it never stops the queue. */
function macDriver(mac: Mac80211): TxDriver {
  return { queueStopped: () => false, xmit: (skb, now) => mac.xmit(skb, now), setWake: () => {} };
}
