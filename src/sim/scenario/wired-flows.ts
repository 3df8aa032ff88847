/**
 * The bulk TCP flows of a wired scenario: one sender socket per flow on the
 * host (tcp_sendmsg → tcp_write_xmit) and its receiver at the far end, whose
 * ACKs return over the ACK path. With tcp.perFlow each flow goes to a host
 * of its own (node 1 + its index), with its own congestion control, the
 * times its application starts and stops writing, and its socket options
 * (SO_MAX_PACING_RATE, SO_SNDBUF, SO_RCVBUF on the receiver, TCP_NOTSENT_LOWAT).
 * A flow with `direction: 'down'` swaps the ends: its sender runs on that
 * host (its CPU, its egress) and its receiver on host 0, whose ACKs leave
 * through host 0's qdisc and NIC.
 */
import type { Ns } from '../engine/time';
import { NS_PER_MS, us } from '../engine/time';
import type { Cpu, CpuCosts } from '../model/cpu/cpu';
import type { Skb } from '../model/skb';
import { createCc } from '../model/tcp/cc/index';
import { TcpReceiver } from '../model/tcp/receiver';
import { TcpSender } from '../model/tcp/sender';
import type { KernelFeatures } from '../model/tcp/kernel-features';
import type { SndbufAutotune } from '../model/tcp/sndbuf-expand';
import { RrServer } from '../model/traffic/request-response';
import { bbrOptions, type EraProfile } from './eras';
import type { Model } from './model';
import { rcvBuffer } from './rcv-eras';
import type { Scenario } from './scenario';
import { flowRttUs } from './wired-hosts';

/** net.core.wmem_max default (SK_WMEM_MAX, include/net/sock.h: 212992), the cap on SO_SNDBUF. */
export const WMEM_MAX_BYTES = 212_992;
/** SOCK_MIN_SNDBUF (include/net/sock.h): 2 × TCP_SKB_MIN_TRUESIZE = 2 × (2048 + SKB_DATA_ALIGN(sizeof(struct sk_buff))), x86_64. */
const SOCK_MIN_SNDBUF_BYTES = 2 * (2048 + 256);

/** sock_setsockopt(SO_SNDBUF): sk_sndbuf = max(2 × min(val, wmem_max), SOCK_MIN_SNDBUF), "to allow space for bookkeeping". */
export function soSndbuf(valBytes: number): number {
  return Math.max(2 * Math.min(valBytes, WMEM_MAX_BYTES), SOCK_MIN_SNDBUF_BYTES);
}

/**
 * Send-buffer autotuning with tcp_wmem[2] = `wmemMaxBytes`: a new socket's
 * sk_sndbuf is tcp_wmem[1], 16384 in every era modelled (net/ipv4/tcp.c,
 * tcp_init: `sysctl_tcp_wmem[1] = 16*1024`; tcp_sk_init since 4.15).
 */
export const sndbufAutotune = (wmemMaxBytes: number): SndbufAutotune => ({
  initialBytes: 16 * 1024,
  maxBytes: wmemMaxBytes,
});

/** Where flow i's receiver sits: its own host with tcp.perFlow, else the one far-end host. */
export const flowHostNode = (sc: Scenario, i: number): number => (sc.tcp.perFlow ? 1 + i : 1);

/** Where each end of a flow runs and sends from. */
export interface FlowPaths {
  hostCpu: Cpu;
  /** The CPU of the far host of flow i (a download's sender). */
  farCpu: (i: number) => Cpu;
  /** Host 0's qdisc and NIC. */
  hostXmit: (skb: Skb, now: Ns) => void;
  /** A far host's way back to host 0 (./wired-hosts.ts). */
  farXmit: (skb: Skb, now: Ns) => void;
}

/** A flow's direction: 'down' runs from its far host to host 0. */
export const flowIsDown = (sc: Scenario, i: number): boolean => sc.tcp.perFlow?.[i]?.direction === 'down';

export function addWiredFlows(
  m: Model,
  sc: Scenario,
  era: EraProfile,
  kernel: KernelFeatures,
  costs: CpuCosts,
  gsoMode: 'tso' | 'gso' | 'mss',
  paths: FlowPaths,
): TcpReceiver[] {
  const sim = m.sim;
  const t = sc.tcp;
  const link = sc.link;
  const receivers: TcpReceiver[] = [];
  for (let i = 0; i < t.flows; i++) {
    const spec = t.perFlow?.[i] ?? null;
    const cc = createCc(spec?.cc ?? t.cc, sim.rng.fork(100 + i), {
      ...bbrOptions(era, kernel),
      hz: kernel.hz,
      hystart: kernel.hystart,
      gsoMaxSizeBytes: link.gsoMaxSizeBytes,
    });
    const node = flowHostNode(sc, i);
    const isDown = flowIsDown(sc, i);
    const [src, dst] = isDown ? [node, 0] : [0, node];
    const sender = new TcpSender(
      sim,
      isDown ? paths.farCpu(i) : paths.hostCpu,
      costs,
      kernel,
      cc,
      {
        flowId: i,
        src,
        dst,
        priority: 0,
        mssBytes: t.mssBytes,
        initialCwnd: t.initialCwnd,
        sndbufBytes: spec?.so_sndbuf != null ? soSndbuf(spec.so_sndbuf) : t.sndbufBytes,
        notsentLowatBytes: spec?.tcp_notsent_lowat ?? Infinity,
        limitOutputBytes: t.tcp_limit_output_bytes ?? era.limitOutputBytes,
        pacingShiftOverride: t.sk_pacing_shift,
        gsoMaxSizeBytes: link.gsoMaxSizeBytes,
        gsoMode,
        sg: link.sg || gsoMode === 'gso',
        maxPacingRateBytesPerSec:
          spec?.so_max_pacing_rate ?? (t.maxPacingRateBps > 0 ? t.maxPacingRateBps / 8 : Infinity),
        txDelayUs: t.tx_delay_us,
        app: spec?.app ?? null,
        // SO_SNDBUF locks sk_sndbuf (SOCK_SNDBUF_LOCK); otherwise it is autotuned up to tcp_wmem[2],
        // for the applications of model/traffic. The first writer (no app) keeps sk_sndbuf at
        // tcp_wmem[2]: with autotuning, gso-always-on's BBR cells without SG before 4.17 (one
        // hrtimer per skb) rise 14 % above the published 0.66 Gbit/s, a gap not yet explained.
        sndbufAutotune: spec?.so_sndbuf != null || !spec?.app ? null : sndbufAutotune(t.sndbufBytes),
        noDelay: spec?.app?.noDelay ?? false,
      },
      isDown ? paths.farXmit : paths.hostXmit,
      m.senderHooks,
    );
    m.senders.push(sender);
    const rx = new TcpReceiver(
      sim,
      {
        flowId: i,
        node: dst,
        peer: src,
        mssBytes: t.mssBytes,
        delackNs: sc.receiver.delackMs * 1_000_000,
        // TCP_PINGPONG_THRESH: 3 from 4a41f453bedf (5.1) to its revert in 5.19, else 1.
        pingpongThresh: sc.era === '5.4' ? 3 : 1,
        jiffyTimer: { hz: kernel.hz, levelWheel: kernel.timerWheelLevels },
        groWindowNs: us(sc.receiver.groWindowUs),
        groMaxBytes: 65536,
        priority: 0,
        // Pooled only where the ACKs return over delay lines alone, to the sender that processes
        // them: a NIC on the way (router.down, host 0's egress for a download) frees its skbs at
        // TX clean, which would hand an ACK back to the pool while it is still on its way.
        poolAcks: !isDown && !sc.router?.down,
        buffer: rcvBuffer(sc.era, {
          ...sc.receiver,
          so_rcvbuf: spec?.so_rcvbuf ?? sc.receiver.so_rcvbuf,
        }),
      },
      isDown ? paths.hostXmit : paths.farXmit,
    );
    receivers.push(rx);
    // netperf TCP_RR's server answers each whole request (../model/traffic/request-response.ts).
    const app = spec?.app;
    if (app?.kind === 'rr') {
      const server = new RrServer(app.requestBytes, app.responseBytes, (b, now) => rx.respond(b, now));
      rx.onRead = (bytes, now) => server.onRead(bytes, now);
    }
    // The applications connect 1 µs apart, or when tcp.perFlow says; each writes once its
    // handshake is done (../model/tcp/handshake.ts).
    const startNs = spec ? spec.startMs * NS_PER_MS + i * 1000 : i * 1000;
    m.flowTimes.push({
      startNs,
      startMs: spec?.startMs ?? 0,
      stopNs: spec?.stopMs != null ? spec.stopMs * NS_PER_MS : null,
      name: spec?.name,
      baseRttNs: us(flowRttUs(sc, i)),
      ...(spec?.direction ? { direction: spec.direction } : {}),
    });
  }
  return receivers;
}
