/**
 * Drop sites of the WiFi models that do not pass through Model.dropFn, so
 * that Model.droppedPayloadBytes does not see them (Summary.drops counts
 * them from each module's own counter, see wifiDrops in
 * src/sim/scenario/wifi-probes.ts):
 * - the receiver's A-MPDU reorder buffer discarding a late or duplicate MPDU
 *   (with every packet of its A-MSDU),
 * - ath9k in legacy mode giving up on a frame after its software retries
 *   (it frees the skb as if sent),
 * - brcmfmac dropping in the fws queue, on the bus or in the firmware (the
 *   WiFi builder hands it a no-op drop hook).
 * The conservation invariant counts them by observing these classes from the
 * outside (prototype wrappers installed once per test process).
 */
import type { Ns } from '../../src/sim/engine/time';
import { type Skb, SkbKind } from '../../src/sim/model/skb';
import { Ath9k } from '../../src/sim/model/wifi/ath9k/ath9k';
import { Brcmfmac } from '../../src/sim/model/wifi/brcmfmac/brcmfmac';
import { RxReorder } from '../../src/sim/model/wifi/mac80211/rx-reorder';

export type SilentSite = 'rx-reorder' | 'ath9k-legacy' | 'brcmfmac';

/** Payload bytes dropped at each site, per flow, since the last reset. */
export const silentDrops = {
  bytes: new Map<number, number>(),
  bySite: { 'rx-reorder': 0, 'ath9k-legacy': 0, brcmfmac: 0 } as Record<SilentSite, number>,
  reset(): void {
    this.bytes.clear();
    for (const k of Object.keys(this.bySite) as SilentSite[]) this.bySite[k] = 0;
  },
  of(flow: number): number {
    return this.bytes.get(flow) ?? 0;
  },
};

function record(site: SilentSite, skb: Skb): void {
  if (skb.kind !== SkbKind.DATA) return;
  silentDrops.bytes.set(skb.flowId, silentDrops.of(skb.flowId) + skb.lenBytes);
  silentDrops.bySite[site] += skb.lenBytes;
}

type Fn = (...a: never[]) => unknown;
let installed = false;

export function installSilentDropProbes(): void {
  if (installed) return;
  installed = true;

  // RxReorder: an MPDU neither released nor stored after receive() was discarded.
  interface OpenReorder {
    release: (skb: Skb, nowNs: Ns) => void;
    streams: Map<number, { buf: (Skb | null)[] }>;
    receive(key: number, skb: Skb, nowNs: Ns): void;
  }
  const released = new WeakSet<Skb>();
  const wrapped = new WeakSet<object>();
  const rxProto = RxReorder.prototype as unknown as OpenReorder;
  const receive = rxProto.receive;
  rxProto.receive = function (this: OpenReorder, key, skb, nowNs) {
    if (!wrapped.has(this)) {
      wrapped.add(this);
      const rel = this.release;
      this.release = (s, now) => {
        released.add(s);
        rel(s, now);
      };
    }
    receive.call(this, key, skb, nowNs);
    // A discarded A-MSDU loses every packet chained behind its head.
    if (!released.has(skb) && !this.streams.get(key)?.buf.includes(skb))
      for (let s: Skb | null = skb; s !== null; s = s.amsduNext) record('rx-reorder', s);
  };

  // ath9k legacy mode: a failed frame is freed, not dropped (with mac80211 the TX status drops it).
  const athProto = Ath9k.prototype as unknown as { queueCompletion: Fn; mac: unknown };
  const queueCompletion = athProto.queueCompletion as (this: unknown, skb: Skb, ok: boolean) => void;
  athProto.queueCompletion = function (this: { mac: unknown }, skb: Skb, ok: boolean) {
    if (!ok && this.mac === null) record('ath9k-legacy', skb);
    queueCompletion.call(this, skb, ok);
  } as never;

  // brcmfmac: its drop hook (the builder's no-op) is looked up on the hooks object at each call.
  const brProto = Brcmfmac.prototype as unknown as { setWake: Fn };
  const setWake = brProto.setWake as (this: unknown, fn: (nowNs: Ns) => void) => void;
  brProto.setWake = function (
    this: { hooks: { drop: (skb: Skb, nowNs: Ns) => void } },
    fn: (nowNs: Ns) => void,
  ) {
    const hooks = this.hooks;
    if (!wrapped.has(hooks)) {
      wrapped.add(hooks);
      const drop = hooks.drop;
      hooks.drop = (skb, now) => {
        record('brcmfmac', skb);
        drop(skb, now);
      };
    }
    setWake.call(this, fn);
  } as never;
}
