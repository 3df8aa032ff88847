/**
 * Where frames go in a WiFi scene: from the air to a radio's host, through
 * the receivers' reorder buffers and RX interrupt mitigation, on to the
 * sockets, the ping and UDP probe responders or the wired host behind the AP. The
 * builders (./build-wifi.ts and its parts) fill in the radios, the wired
 * side and the flows; this object only routes.
 *
 * Nodes: 'local' — node 0 is the station device, node 1 its AP, which
 * bridges to the wired host; 'ap' — node 0 is the AP (bridging to the wired
 * host), nodes 1..N its stations. What reaches the bridging AP goes on to the
 * wired host, unless the AP's own sockets are the endpoint (TCP from the AP).
 */
import type { Sim } from '../engine/sim';
import { type Ns, us } from '../engine/time';
import { DelayLine } from '../model/nic/delay-line';
import type { DevQueue } from '../model/nic/dev-queue';
import { pingReplyTo } from '../model/ping';
import { type Skb, SkbKind } from '../model/skb';
import type { TcpReceiver } from '../model/tcp/receiver';
import { RxMitigation } from '../model/wifi/ath9k/rx-mitigation';
import type { WifiRadio } from '../model/wifi/driver';
import { RxReorder } from '../model/wifi/mac80211/rx-reorder';
import type { Model } from './model';
import { probeArrive } from './udp-probes';
import type { WifiConfig } from './wifi-config';

/** The wired host's node index (it has no radio). */
export const HOST_NODE = 100;

export class WifiNet {
  readonly local: boolean;
  /** The bridging AP's node: 1 for 'local', 0 for 'ap'. */
  readonly bridge: number;
  /** Whether frames addressed to the bridging AP stay there (its own sockets send TCP). */
  apIsEndpoint = false;
  /** Radios by node. */
  readonly radios: WifiRadio[] = [];
  /** The main device's netdev queue (set by the builder). */
  dev0: DevQueue | null = null;
  receivers: TcpReceiver[] = [];
  /** Into the wired host's side towards the AP (set by the wired builder). */
  fromHost: { send(skb: Skb, now: Ns): void } = { send: () => {} };
  /** Every receiving radio reorders each (transmitter, TID) stream, in a buffer of the session's window (64 here). */
  readonly reorder: RxReorder;
  /** Reorder buffers of larger BlockAck windows (HE: 256), by window. */
  private readonly wideReorder = new Map<number, RxReorder>();
  private readonly wiredToHost: DelayLine;
  private readonly rimt: { lastNs: Ns; firstNs: Ns };
  private readonly mitigation = new Map<number, RxMitigation>();

  constructor(
    private readonly sim: Sim,
    private readonly m: Model,
    w: WifiConfig,
  ) {
    this.local = w.topology === 'local';
    this.bridge = this.local ? 1 : 0;
    this.wiredToHost = new DelayLine(sim, us(w.wiredPropagationUs), (skb, now) => this.hostReceive(skb, now));
    this.reorder = new RxReorder(sim, (skb, now) => this.released(skb, now));
    this.rimt = { lastNs: us(w.rxIntrMitigationLastUs), firstNs: us(w.rxIntrMitigationFirstUs) };
  }

  /** A frame for `rxNode` reached its host (after reordering). */
  onAir(rxNode: number, skb: Skb, now: Ns): void {
    if (rxNode === this.bridge && !this.apIsEndpoint) return this.wiredToHost.send(skb, now);
    this.deliverLocal(rxNode, skb, now);
  }

  /** A frame reached the host of `node`, which answers pings itself. */
  private deliverLocal(node: number, skb: Skb, now: Ns): void {
    if (skb.kind === SkbKind.DATA) this.receivers[skb.flowId].receive(skb, now);
    else if (skb.kind === SkbKind.ACK) this.m.senders[skb.flowId].receiveAck(skb);
    else if (skb.kind === SkbKind.PING_REQ) this.radioXmit(node, pingReplyTo(skb), now);
    else if (skb.kind === SkbKind.PING_REPLY) this.m.pingReply(skb);
    else if (skb.kind === SkbKind.UDP) probeArrive(this.m, skb, now, (r, t) => this.radioXmit(node, r, t));
  }

  /** The receiver's reorder stream of (transmitter, destination, TID). */
  toReorder(txNode: number, skb: Skb, now: Ns): void {
    const key = (txNode * 256 + skb.dst) * 8 + (skb.priority & 7);
    const window = this.radios[txNode]?.baWindow ?? 64;
    if (window <= 64) return this.reorder.receive(key, skb, now);
    let r = this.wideReorder.get(window);
    if (!r) {
      r = new RxReorder(this.sim, (f, t) => this.released(f, t), window);
      this.wideReorder.set(window, r);
    }
    r.receive(key, skb, now);
  }

  /** MPDUs the reorder buffers discarded after their hole was skipped (lost to TCP). */
  get reorderLate(): number {
    let n = this.reorder.late;
    for (const r of this.wideReorder.values()) n += r.late;
    return n;
  }

  /** In order again: the MPDU goes up, split into its A-MSDU's packets (ieee80211_rx_h_amsdu). */
  private released(skb: Skb, now: Ns): void {
    let s: Skb | null = skb;
    while (s !== null) {
      const next: Skb | null = s.amsduNext;
      s.amsduNext = null;
      this.onAir(s.dst, s, now);
      s = next;
    }
  }

  /** A frame came off the air at skb.dst: the radio's own RX path, RX interrupt mitigation, or straight to reordering. */
  airRx(txNode: number, skb: Skb, now: Ns): void {
    const rxNode = skb.dst;
    const radio = this.radios[rxNode];
    if (radio?.receiveFromAir) return radio.receiveFromAir(skb, txNode, now);
    if (this.rimt.lastNs <= 0) return this.toReorder(txNode, skb, now);
    let mt = this.mitigation.get(rxNode);
    if (!mt) {
      mt = new RxMitigation(this.sim, this.rimt, (f, from, t) => this.toReorder(from, f, t));
      this.mitigation.set(rxNode, mt);
    }
    mt.receive(skb, txNode, now);
  }

  /** The wired host: data for its receivers, ACKs for its senders, pings to answer, replies to time. */
  hostReceive(skb: Skb, now: Ns): void {
    if (skb.kind === SkbKind.DATA) this.receivers[skb.flowId].receive(skb, now);
    else if (skb.kind === SkbKind.ACK) this.m.senders[skb.flowId].receiveAck(skb);
    else if (skb.kind === SkbKind.PING_REQ) this.fromHost.send(pingReplyTo(skb), now);
    else if (skb.kind === SkbKind.PING_REPLY) this.m.pingReply(skb);
    else if (skb.kind === SkbKind.UDP) probeArrive(this.m, skb, now, (r, t) => this.fromHost.send(r, t));
  }

  /** A node's stack transmits: the main device through its qdisc, every other radio into its netdev (to the main device). */
  radioXmit(node: number, skb: Skb, now: Ns): void {
    skb.dst = node === 0 ? skb.dst : 0;
    if (node === 0) this.dev0!.xmit(skb, now);
    else this.radios[node].netdev.xmit(skb, now);
  }
}
