/**
 * The bulk TCP flows of a wired scenario: one sender socket per flow on the
 * host (tcp_sendmsg → tcp_write_xmit) and its receiver at the far end, whose
 * ACKs return over the ACK path.
 */
import type { Ns } from '../engine/time';
import { us } from '../engine/time';
import type { Cpu, CpuCosts } from '../model/cpu/cpu';
import type { Skb } from '../model/skb';
import { createCc } from '../model/tcp/cc/index';
import { TcpReceiver } from '../model/tcp/receiver';
import { TcpSender } from '../model/tcp/sender';
import type { KernelFeatures } from '../model/tcp/kernel-features';
import { bbrOptions, type EraProfile } from './eras';
import type { Model } from './model';
import type { Scenario } from './scenario';

export function addWiredFlows(
  m: Model,
  sc: Scenario,
  era: EraProfile,
  kernel: KernelFeatures,
  cpu: Cpu,
  costs: CpuCosts,
  gsoMode: 'tso' | 'gso' | 'mss',
  xmit: (skb: Skb, now: Ns) => void,
  sendAck: (ack: Skb, now: Ns) => void,
): TcpReceiver[] {
  const sim = m.sim;
  const t = sc.tcp;
  const link = sc.link;
  const receivers: TcpReceiver[] = [];
  for (let i = 0; i < t.flows; i++) {
    const cc = createCc(t.cc, sim.rng.fork(100 + i), { ...bbrOptions(era), hz: kernel.hz });
    const sender = new TcpSender(
      sim,
      cpu,
      costs,
      kernel,
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
        maxPacingRateBytesPerSec: t.maxPacingRateBps > 0 ? t.maxPacingRateBps / 8 : Infinity,
        txDelayUs: t.tx_delay_us,
      },
      xmit,
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
          jiffyTimer: { hz: kernel.hz, levelWheel: kernel.timerWheelLevels },
          groWindowNs: us(sc.receiver.groWindowUs),
          groMaxBytes: 65536,
          priority: 0,
        },
        sendAck,
      ),
    );
  }
  return receivers;
}
