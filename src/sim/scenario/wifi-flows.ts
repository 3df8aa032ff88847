/**
 * The bulk TCP flows of a WiFi scene and where their ends sit
 * (`wifi.tcpSender`):
 * - 'device': the main device's own sockets (TSQ and sk_pacing_shift_update
 *   apply at its WiFi netdev): a station uploading to the wired host
 *   ('local'), or an AP sending to its stations ('ap');
 * - 'wired': the host behind the AP sends and the AP forwards (TSQ acts on
 *   the host's gigabit NIC, not on the WiFi queues): a download to the
 *   station ('local'), or to every station ('ap');
 * - 'stations': every station of an AP uploads to the wired host.
 * `tcp.flows` sockets per sending host (iperf -P N); a flow's receiver is its
 * peer: the wired host, the AP's stations, or the station.
 */
import { type Ns, us } from '../engine/time';
import { Cpu, type CpuCosts } from '../model/cpu/cpu';
import type { Skb } from '../model/skb';
import { createCc } from '../model/tcp/cc/index';
import { TcpReceiver } from '../model/tcp/receiver';
import { TcpSender } from '../model/tcp/sender';
import { bbrOptions, type EraProfile } from './eras';
import type { Model } from './model';
import { rcvBuffer } from './rcv-eras';
import type { Scenario } from './scenario';
import { HOST_NODE, type WifiNet } from './wifi-net';
import type { TcpSenderSite, WifiConfig } from './wifi-config';

/** Where the scenario's TCP senders run (wifi.tcpSender). */
export function senderSite(w: WifiConfig): TcpSenderSite {
  return w.tcpSender;
}

/** One flow's two ends: sending node and receiving node. */
interface FlowEnds {
  src: number;
  dst: number;
}

/** Every flow's ends, in flow-id order: per sending host, tcp.flows sockets. */
export function flowEnds(sc: Scenario): FlowEnds[] {
  const w = sc.wifi!;
  const n = sc.tcp.flows;
  const nSta = w.topology === 'local' ? 1 : w.stations.length;
  const out: FlowEnds[] = [];
  const site = senderSite(w);
  if (w.topology === 'local') {
    // The device's sockets talk to the wired host; its frames go to the AP (node 1).
    for (let i = 0; i < n; i++)
      out.push(site === 'device' ? { src: 0, dst: HOST_NODE } : { src: HOST_NODE, dst: 0 });
    return out;
  }
  // Station-major flow ids: station s's flows are (s − 1)·n … s·n − 1.
  for (let s = 1; s <= nSta; s++)
    for (let f = 0; f < n; f++) {
      if (site === 'stations') out.push({ src: s, dst: HOST_NODE });
      else out.push({ src: site === 'device' ? 0 : HOST_NODE, dst: s });
    }
  return out;
}

export interface FlowBuild {
  m: Model;
  net: WifiNet;
  sc: Scenario;
  era: EraProfile;
  costs: CpuCosts;
}

/** The CPU of the host at `node`: the model's core for the first sending host, a core of its own for each other. */
function cpuFor(b: FlowBuild, node: number, cpus: Map<number, Cpu>): Cpu {
  let cpu = cpus.get(node);
  if (!cpu) {
    cpu = cpus.size === 0 ? b.m.cpu : new Cpu(b.m.sim);
    cpus.set(node, cpu);
  }
  return cpu;
}

/** How a host hands a segment or ACK to the network. */
function outOf(b: FlowBuild, node: number): (skb: Skb, now: Ns) => void {
  const { net } = b;
  if (node === HOST_NODE) return (skb, now) => net.fromHost.send(skb, now);
  // The station device's peer is its AP (node 1), whatever host is the TCP peer.
  if (node === 0 && net.local) return (skb, now) => net.dev0!.xmit(skb, now);
  return (skb, now) => net.radioXmit(node, skb, now);
}

export function addWifiFlows(b: FlowBuild): TcpReceiver[] {
  const { m, sc, era, net } = b;
  const sim = m.sim;
  const t = sc.tcp;
  const cpus = new Map<number, Cpu>();
  const receivers: TcpReceiver[] = [];
  flowEnds(sc).forEach(({ src, dst }, i) => {
    const wifiSender = src !== HOST_NODE;
    const sender = new TcpSender(
      sim,
      cpuFor(b, src, cpus),
      b.costs,
      m.kernel,
      createCc(t.cc, sim.rng.fork(100 + i), {
        ...bbrOptions(era, m.kernel),
        hz: m.kernel.hz,
        hystart: m.kernel.hystart,
      }),
      {
        flowId: i,
        src,
        dst: src === 0 && net.local ? 1 : dst,
        priority: 0,
        mssBytes: t.mssBytes,
        initialCwnd: t.initialCwnd,
        sndbufBytes: t.sndbufBytes,
        limitOutputBytes: t.tcp_limit_output_bytes ?? era.limitOutputBytes,
        pacingShiftOverride: t.sk_pacing_shift,
        gsoMaxSizeBytes: 65536,
        // WiFi netdevs advertise no scatter-gather (mac80211 copies only hw.netdev_features;
        // brcmfmac sets none): before 4.17 TCP builds 1-MSS linear skbs, after it GSO skbs
        // that dev_queue_xmit segments into linear skbs. The wired host has TSO.
        gsoMode: wifiSender ? (m.kernel.gsoAlwaysOn ? 'gso' : 'mss') : 'tso',
        sg: wifiSender ? m.kernel.gsoAlwaysOn : true,
        maxPacingRateBytesPerSec: t.maxPacingRateBps > 0 ? t.maxPacingRateBps / 8 : Infinity,
        txDelayUs: t.tx_delay_us,
      },
      outOf(b, src),
      m.senderHooks,
    );
    m.senders.push(sender);
    const toAck = outOf(b, dst);
    receivers.push(
      new TcpReceiver(
        sim,
        {
          flowId: i,
          node: dst,
          peer: src,
          mssBytes: t.mssBytes,
          delackNs: sc.receiver.delackMs * 1_000_000,
          jiffyTimer: { hz: m.kernel.hz, levelWheel: m.kernel.timerWheelLevels },
          // GRO on the wired host's NIC; mac80211 hands a WiFi receiver each MPDU.
          groWindowNs: dst === HOST_NODE ? us(sc.receiver.groWindowUs) : 0,
          groMaxBytes: 65536,
          priority: 0,
          buffer: rcvBuffer(sc.era, sc.receiver),
        },
        dst === 0 && net.local
          ? (ack, now) => {
              ack.dst = 1;
              toAck(ack, now);
            }
          : toAck,
      ),
    );
  });
  return receivers;
}
