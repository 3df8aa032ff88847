/**
 * The root qdisc of a wired interface (the sender's or the router's egress):
 * the scenario's qdisc block alone, or a shaper with that block as its
 * leaf's options. A shaper is registered with the model, whose bound
 * explanation and occupancy probes name it.
 */
import { createQdisc } from '../model/qdisc/index';
import type { Qdisc } from '../model/qdisc/qdisc';
import type { KernelFeatures } from '../model/tcp/kernel-features';
import type { Model } from './model';
import { qdiscOptions } from './qdisc-options';
import type { QdiscConfig } from './scenario';
import { shaperLabel, shaperQdiscOptions, type ShaperConfig } from './shaper-config';

/** Salts for the RNG streams of cake's BLUE and quantum dither (one per interface). */
export const SHAPER_RNG_SALT = { sender: 301, router: 302, 'router-down': 303 } as const;

export function buildInterfaceQdisc(
  m: Model,
  q: QdiscConfig,
  shaper: ShaperConfig | null,
  kernel: KernelFeatures,
  /** The interface's device has scatter-gather (segments split in the qdisc keep frags). */
  sg: boolean,
  where: keyof typeof SHAPER_RNG_SALT,
  /** A router's root qdisc on the coarse path, to hold trains if its kind can (fq_codel). */
  trains = false,
): Qdisc {
  const opts = qdiscOptions(q, kernel);
  if (!shaper) return createQdisc(q.kind, { ...opts, trains }, m.dropFn);
  const rng = shaper.kind === 'cake' ? m.sim.rng.fork(SHAPER_RNG_SALT[where]) : null;
  const qd = createQdisc(
    shaper.kind,
    { ...shaperQdiscOptions(shaper, opts), sg, rand32: rng ? () => rng.u32() : undefined },
    m.dropFn,
  );
  // The router's download side (./wired-reverse.ts) is named as such in "what bounds throughput".
  const at = where === 'sender' ? 'sender' : 'router';
  const label = where === 'router-down' ? `${shaperLabel(shaper)} (download side)` : shaperLabel(shaper);
  m.shapers.push({ qdisc: qd, rateBps: shaper.rateBps, label, where: at });
  return qd;
}

/** The name summaries give an interface's root qdisc, as `tc qdisc` lists it ("sender: htb → fq_codel"). */
export function interfaceQdiscName(where: string, q: QdiscConfig, shaper: ShaperConfig | null): string {
  return `${where}: ${shaper ? shaperLabel(shaper) : q.kind}`;
}
