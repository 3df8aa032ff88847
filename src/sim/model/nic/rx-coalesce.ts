/**
 * RX interrupt coalescing of a wired NIC (ethtool -C rx-usecs / rx-frames,
 * include/uapi/linux/ethtool.h struct ethtool_coalesce): frames wait in the
 * RX ring until the interrupt fires at the first of `usecs` after the first
 * waiting frame or `frames` frames waiting, and NAPI then hands all of them
 * to the stack. This is the moderation of an RX CQ in mlx4_en
 * (mlx4_en_set_cq_moder: moder_time, moder_cnt) and of fec's ENET_RXIC
 * (ICTT, ICFT); adaptive moderation is not modelled. On the sender's host it
 * delays every ACK TCP sees, and the TSQ and cwnd clock with it.
 */
import { type Sim, Timer } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';

export interface RxCoalesceOptions {
  /** rx-usecs: µs after the first waiting frame (0: every frame at once). */
  usecs: number;
  /** rx-frames: frames that fire the interrupt at once (0: no frame limit). */
  frames: number;
}

export class RxCoalesce {
  private waiting: Skb[] = [];
  private spare: Skb[] = [];
  private readonly timer: Timer;
  interrupts = 0;

  constructor(
    sim: Sim,
    private readonly opts: RxCoalesceOptions,
    private readonly up: (skb: Skb, nowNs: Ns) => void,
  ) {
    this.timer = new Timer(sim, (now) => this.fire(now));
  }

  /** A frame has been written to the RX ring. */
  receive(skb: Skb, nowNs: Ns): void {
    const o = this.opts;
    if (o.usecs <= 0) {
      this.interrupts++;
      this.up(skb, nowNs);
      return;
    }
    this.waiting.push(skb);
    if (o.frames > 0 && this.waiting.length >= o.frames) {
      this.timer.cancel();
      this.fire(nowNs);
    } else if (!this.timer.armed) {
      this.timer.arm(nowNs + o.usecs * 1000);
    }
  }

  /** The interrupt: NAPI polls the ring and passes every waiting frame up, in order. */
  private fire(nowNs: Ns): void {
    const list = this.waiting;
    this.waiting = this.spare;
    this.interrupts++;
    for (let i = 0; i < list.length; i++) this.up(list[i], nowNs);
    list.length = 0;
    this.spare = list;
  }
}
