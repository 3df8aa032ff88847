/**
 * The UDP latency probes of a scenario (`udpProbes`,
 * ../model/udp/udp-probe.ts): each an irtt client on the sending host, as
 * Flent's rrul runs it, through the same qdisc, shaper and NIC (or the AP's
 * WiFi queues and the air, leaving where the pings leave) as the TCP and UDP
 * flows, answered by an irtt server on the far host (on WiFi, the first ping
 * target); the summary's RTT, one-way delays and loss per probe, and a chart
 * of its last RTT.
 */
import type { UdpProbeSummary } from '../api';
import { NS_PER_MS, type Ns } from '../engine/time';
import { Reservoir } from '../metrics/reservoir';
import type { Skb } from '../model/skb';
import {
  FLENT_IRTT_INTERVAL_MS,
  IRTT_DEFAULT_PACKET_BYTES,
  irttReplyTo,
  isProbeReply,
  isUdpProbe,
  UDP_PROBE_FLOW_ID_BASE,
  UdpProbeClient,
} from '../model/udp/udp-probe';
import type { Model } from './model';
import type { Scenario, UdpProbeSpec } from './scenario';

/** Flent's name for a probe's series (rrul.conf: 'Ping (ms) UDP BE'). */
export const flentProbeSeries = (name: string): string => `Ping (ms) ${name}`;

interface ProbeStats {
  rttMs: Reservoir;
  sendMs: Reservoir;
  receiveMs: Reservoir;
  /** |IPDV| of consecutive answered requests. */
  ipdvMs: Reservoir;
  lastRttMs: number;
  /** Every answered request since the measurement began: reply time (s from 0) and RTT (ms), for Flent's series. */
  points: { tNs: number[]; rttMs: number[] };
}

export class UdpProbes {
  readonly clients: UdpProbeClient[] = [];
  readonly names: string[] = [];
  private readonly stats: ProbeStats[] = [];
  /** Requests sent from here on are measured: the warm-up's end, or the last knob change's. */
  private measureFromNs: Ns;

  /** `dst`: the node the irtt server runs on, the far host (wired) or the first ping target (WiFi). */
  constructor(m: Model, sc: Scenario, xmit: (skb: Skb, nowNs: Ns) => void, dst = 1) {
    this.measureFromNs = m.warmupEndNs;
    (sc.udpProbes ?? []).forEach((p, i) => {
      const st: ProbeStats = {
        rttMs: new Reservoir(),
        sendMs: new Reservoir(),
        receiveMs: new Reservoir(),
        ipdvMs: new Reservoir(),
        lastRttMs: NaN,
        points: { tNs: [], rttMs: [] },
      };
      this.names.push(p.name);
      this.stats.push(st);
      const client = new UdpProbeClient(
        m.sim,
        {
          index: i,
          dst,
          intervalNs: p.intervalMs * NS_PER_MS,
          packetBytes: p.packetBytes,
          startNs: p.startMs * NS_PER_MS,
          stopNs: p.stopMs !== null ? p.stopMs * NS_PER_MS : null,
        },
        xmit,
        (s) => {
          st.lastRttMs = s.rttNs / NS_PER_MS;
          if (s.sentNs < this.measureFromNs) return;
          st.rttMs.add(s.rttNs / NS_PER_MS);
          st.sendMs.add(s.sendDelayNs / NS_PER_MS);
          st.receiveMs.add(s.receiveDelayNs / NS_PER_MS);
          if (s.ipdvNs !== null) st.ipdvMs.add(Math.abs(s.ipdvNs) / NS_PER_MS);
          st.points.tNs.push(m.sim.nowNs);
          st.points.rttMs.push(s.rttNs / NS_PER_MS);
        },
      );
      this.clients.push(client);
      m.addProbe(
        { key: `udpprobe.rtt${i}`, label: `${p.name} RTT (irtt)`, unit: 'ms', panel: 'tcp' },
        () => st.lastRttMs,
      );
    });
  }

  /** The measurement (re)starts (Model.beginMeasurement): what came before is forgotten. */
  begin(nowNs: Ns): void {
    this.measureFromNs = nowNs;
    for (const st of this.stats) {
      st.rttMs.clear();
      st.sendMs.clear();
      st.receiveMs.clear();
      st.ipdvMs.clear();
      st.points = { tNs: [], rttMs: [] };
    }
  }

  /** A request at the far host: the irtt server answers it on the way back. */
  serverReceive(req: Skb, nowNs: Ns, sendBack: (skb: Skb, nowNs: Ns) => void): void {
    sendBack(irttReplyTo(req, nowNs), nowNs);
  }

  /** A reply at the sending host. */
  clientReceive(reply: Skb, nowNs: Ns): void {
    this.clients[reply.flowId - UDP_PROBE_FLOW_ID_BASE]?.receiveReply(reply, nowNs);
  }

  /** Each probe's answered requests since the measurement began (Flent's raw values), copied. */
  stepPoints(): { name: string; tNs: number[]; rttMs: number[] }[] {
    return this.stats.map((st, i) => ({
      name: this.names[i],
      tNs: [...st.points.tNs],
      rttMs: [...st.points.rttMs],
    }));
  }

  summary(nowNs: Ns): UdpProbeSummary[] {
    return this.clients.map((c, i) => {
      const st = this.stats[i];
      const { sent, lost } = c.sentAndLost(this.measureFromNs, nowNs);
      return {
        name: this.names[i],
        flentSeries: flentProbeSeries(this.names[i]),
        intervalMs: c.cfg.intervalNs / NS_PER_MS,
        packetBytes: c.cfg.packetBytes,
        sent,
        received: st.rttMs.count,
        lossFraction: sent > 0 ? lost / sent : NaN,
        rttMs: {
          mean: st.rttMs.mean(),
          p10: st.rttMs.quantile(0.1),
          median: st.rttMs.median(),
          p90: st.rttMs.quantile(0.9),
        },
        sendDelayMs: { mean: st.sendMs.mean(), median: st.sendMs.median() },
        receiveDelayMs: { mean: st.receiveMs.mean(), median: st.receiveMs.median() },
        ipdvMs: { mean: st.ipdvMs.mean(), median: st.ipdvMs.median() },
      };
    });
  }
}

/**
 * A probe's datagram at a WiFi scene's host (./wifi-net.ts), where requests
 * and replies reach the same stacks: a request is answered by `answer` (the
 * host's own way back), a reply goes to its client.
 */
export function probeArrive(m: Model, skb: Skb, nowNs: Ns, answer: (skb: Skb, nowNs: Ns) => void): void {
  if (isProbeReply(skb)) m.udpProbes?.clientReceive(skb, nowNs);
  else m.udpProbes?.serverReceive(skb, nowNs, answer);
}

/** A UDP datagram at the far host: an irtt request (answered on the way back) or an iperf3 -u flow's. */
export function udpArrive(m: Model, skb: Skb, nowNs: Ns, sendBack: (skb: Skb, nowNs: Ns) => void): void {
  if (isUdpProbe(skb)) m.udpProbes?.serverReceive(skb, nowNs, sendBack);
  else m.udp?.arrive(skb, nowNs);
}

/**
 * A probe as Flent 2.1.1's rrul runs it: irtt every STEP_SIZE (0.2 s) with
 * irtt's default length (60 bytes with Flent's options), for the whole run.
 * `name` is Flent's id for it ('UDP BE', 'UDP BK', 'UDP EF').
 */
export function flentUdpProbe(name = 'UDP BE'): UdpProbeSpec {
  return {
    name,
    intervalMs: FLENT_IRTT_INTERVAL_MS,
    packetBytes: IRTT_DEFAULT_PACKET_BYTES,
    startMs: 0,
    stopMs: null,
  };
}
