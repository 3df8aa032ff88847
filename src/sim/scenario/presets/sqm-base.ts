/**
 * The home-router uplink that sqm-scripts sets up (tohojo/sqm-scripts
 * src/simplest.qos): LAN hosts on 1 Gbit/s Ethernet to a router whose WAN
 * egress is also a 1 Gbit/s Ethernet port, shaped at the root of that port
 * to the uplink's rate so that the queue forms there, in the shaper's leaf,
 * and not in the modem. Presets with other shapers, leaves or flows start
 * from here.
 */
import { ROUTER_DEVICE_DEFAULT, type QdiscConfig, type Scenario } from '../scenario';
import { defaultShaper, type ShaperConfig } from '../shaper-config';
import { wiredBase } from './wired-base';

export interface SqmUplinkOptions {
  /** The uplink's rate, where the shaper is set (bit/s). */
  uplinkBps: number;
  /** One-way delay from the router to the far host (µs). */
  wanPropagationUs: number;
  /** The shaper; default: sqm's htb at the uplink rate over fq_codel (sqmHtb). */
  shaper?: ShaperConfig;
  /** The router's qdisc block: the leaf's options (sqm's fq_codel by default). */
  leafQdisc?: QdiscConfig;
}

/** sqm-scripts' fq_codel leaf: limit 1001 (defaults.sh LIMIT), target 5 ms, interval 100 ms, ECN on egress. */
export const SQM_FQ_CODEL_LEAF: QdiscConfig = {
  kind: 'fq_codel',
  txqueuelen: 1000,
  limit: 1001,
  flowLimit: 100,
  codelTargetUs: 5000,
  codelIntervalUs: 100_000,
  ecn: true,
};

/**
 * htb as simplest.qos sets it: one class at rate = ceil = `rateBps` over
 * `leaf`, with the burst tc gives a class without `burst` (q_htb.c:
 * rate / get_hz() + mtu; get_hz() = 10^9 with high-resolution timers, so
 * 0 + 1600 bytes).
 */
export function sqmHtb(rateBps: number, leaf: ShaperConfig['leaf'] = 'fq_codel'): ShaperConfig {
  return { ...defaultShaper('htb', rateBps), burstBytes: 1600, leaf };
}

/** The classic sqm scene's uplink (./sqm-htb-fq-codel.ts documents both): 20 Mbit/s, 10 ms one way to the far host. */
export const SQM_UPLINK_BPS = 20e6;
export const SQM_WAN_PROPAGATION_US = 10_000;

export function sqmUplink(o: SqmUplinkOptions): Scenario {
  const sc = wiredBase();
  sc.title = 'Home router: 1 Gbit/s LAN, WAN egress shaped to the uplink';
  // The LAN host runs fq_codel, net.core.default_qdisc on systemd distributions.
  sc.qdisc = { ...sc.qdisc, kind: 'fq_codel' };
  sc.link = { ...sc.link, rateBps: 1e9, propagationUs: 50 };
  const shaper = o.shaper ?? sqmHtb(o.uplinkBps);
  sc.router = {
    rateBps: 1e9,
    propagationUs: o.wanPropagationUs,
    qdisc: o.leafQdisc ?? { ...SQM_FQ_CODEL_LEAF },
    ...ROUTER_DEVICE_DEFAULT,
    shaper,
  };
  return sc;
}
