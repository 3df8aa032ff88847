/**
 * A sender and a receiver joined by a path whose delay the test chooses per
 * data segment (Infinity: lost); ACKs take 5 ms. Used only by *.test.ts files.
 */
import { Sim, type EventTarget } from '../../engine/sim';
import { NS_PER_MS, type Ns } from '../../engine/time';
import { Cpu, ZERO_COSTS } from '../cpu/cpu';
import type { Skb } from '../skb';
import type { AppSpec } from '../traffic/app-spec';
import { createCc } from './cc/index';
import { TcpReceiver, type RcvBufferConfig } from './receiver';
import type { KernelFeatures } from './kernel-features';
import { TcpSender } from './sender';

export const MSS = 1448;
export const ms = (v: number): Ns => v * NS_PER_MS;

/** Data takes `delay(skb, now)` (Infinity: lost). */
/**
 * `kernel` and `buffer`: the behaviours and receive buffer of the kernel under
 * test (tests take an era's, from scenario/eras and scenario/rcv-eras).
 */
export function tcpPath(
  delay: (skb: Skb, nowNs: Ns) => number,
  kernel: KernelFeatures,
  buffer: RcvBufferConfig,
  /**
   * `connect`: the flow opens with its handshake (tx.connect) instead of starting established;
   * `app`: the application (default: the bulk writer); `maxPacingRateBytesPerSec`: SO_MAX_PACING_RATE;
   * `limitOutputBytes`: tcp_limit_output_bytes (default 4 MB); `txRateBytesPerSec`: a device that
   * sends one skb at a time at this rate and frees it (TX completion) when it is on the wire,
   * instead of at once.
   */
  opts: {
    gsoMode?: 'mss' | 'tso';
    cc?: 'cubic' | 'reno';
    connect?: boolean;
    app?: AppSpec;
    maxPacingRateBytesPerSec?: number;
    limitOutputBytes?: number;
    txRateBytesPerSec?: number;
  } = {},
) {
  const sim = new Sim(1);
  const cpu = new Cpu(sim);
  let rx: TcpReceiver | null = null;
  const deliver: EventTarget = { handleEvent: (_k, skb, now) => rx!.receive(skb as Skb, now) };
  const ackBack: EventTarget = { handleEvent: (_k, ack) => tx.receiveAck(ack as Skb) };
  const onWire = (skb: Skb, now: Ns) => {
    skb.owner?.onSkbFree(skb, now);
    const d = delay(skb, now);
    if (Number.isFinite(d)) sim.after(d, deliver, 0, skb);
  };
  const txDone: EventTarget = { handleEvent: (_k, skb, now) => onWire(skb as Skb, now) };
  let devFreeNs = 0;
  const tx = new TcpSender(
    sim,
    cpu,
    ZERO_COSTS,
    kernel,
    createCc(opts.cc ?? 'cubic', sim.rng.fork(1), { hz: kernel.hz, hystart: kernel.hystart }),
    {
      flowId: 0,
      src: 0,
      dst: 1,
      priority: 0,
      mssBytes: MSS,
      initialCwnd: 10,
      sndbufBytes: 4 << 20,
      limitOutputBytes: opts.limitOutputBytes ?? 4 << 20,
      pacingShiftOverride: null,
      gsoMaxSizeBytes: opts.gsoMode === 'tso' ? 65536 : MSS,
      gsoMode: opts.gsoMode ?? 'mss',
      sg: opts.gsoMode === 'tso',
      maxPacingRateBytesPerSec: opts.maxPacingRateBytesPerSec ?? Infinity,
      txDelayUs: 0,
      app: opts.app ?? null,
    },
    (skb, now) => {
      const rate = opts.txRateBytesPerSec;
      if (rate === undefined) return onWire(skb, now);
      devFreeNs = Math.max(now, devFreeNs) + Math.ceil((skb.lenBytes * 1e9) / rate);
      sim.after(devFreeNs - now, txDone, 0, skb);
    },
  );
  rx = new TcpReceiver(
    sim,
    {
      flowId: 0,
      node: 1,
      peer: 0,
      mssBytes: MSS,
      delackNs: ms(40),
      groWindowNs: 0,
      groMaxBytes: 65536,
      priority: 0,
      buffer,
    },
    (ack) => sim.after(ms(5), ackBack, 0, ack),
  );
  if (!opts.connect) {
    tx.sndWnd.wnd = rx.initialWindowBytes;
    tx.tsRecentNs = -ms(5);
    tx.start(0);
  }
  return { sim, tx, rx };
}
