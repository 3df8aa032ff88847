/**
 * Invariants of a running model, checked from outside: the harness wraps the
 * senders, receivers and the engine clock of a built Model (test code only;
 * the core is not changed for it) and checks, while the model runs and after
 * it drains:
 * - bytes conserved per flow: payload TCP handed down = delivered to the
 *   receiver + dropped (Model.droppedPayloadBytes, plus the WiFi drop sites
 *   that bypass it, see ./silent-drops.ts) + still queued, and after
 *   a drain with the senders muted nothing is left queued;
 * - no negative occupancy (qdiscs, NIC in flight, occupancy probes, socket);
 * - TSQ: an skb is only sent when sk_wmem_alloc is within the TSQ limit (so
 *   at most one skb over it), unless the era's shortcut allows it;
 * - the receive window: new data never ends past snd_una + snd_wnd, the
 *   window the receiver last advertised (tcp_snd_wnd_test and the cut at its edge);
 * - the clock never goes backwards and no event is scheduled at NaN/∞;
 * - sequence space: snd_una ≤ rcv_nxt ≤ snd_nxt ≤ write_seq.
 */
import type { Ns } from '../../src/sim/engine/time';
import type { Skb } from '../../src/sim/model/skb';
import { SkbKind } from '../../src/sim/model/skb';
import type { TcpSender } from '../../src/sim/model/tcp/sender';
import { tsqLimitBytes, tsqShortcut } from '../../src/sim/model/tcp/tsq';
import type { Model } from '../../src/sim/scenario/model';
import { installSilentDropProbes, silentDrops } from './silent-drops';

installSilentDropProbes();

/** The sender's private send(), as the harness wraps it. */
type SendFn = (seq: number, len: number, segs: number, truesize: number, retrans: boolean, nowNs: Ns) => void;
type Open = { send: SendFn; ipOutput: (skb: Skb, nowNs: Ns) => void };

export interface FlowLedger {
  handedBytes: number;
  deliveredBytes: number;
}

export class InvariantHarness {
  /** Individual invariant evaluations (each comparison counts once). */
  checks = 0;
  readonly violations: string[] = [];
  readonly flows: FlowLedger[];
  private lastNowNs = 0;
  private muted = false;

  /** Build the model after importing this module (the WiFi drop probes must be in place). */
  constructor(readonly model: Model) {
    silentDrops.reset();
    this.flows = model.senders.map(() => ({ handedBytes: 0, deliveredBytes: 0 }));
    this.wrapClock();
    model.senders.forEach((s) => this.wrapSender(s));
    model.receivers.forEach((r, i) => {
      const receive = r.receive.bind(r);
      r.receive = (skb: Skb, nowNs: Ns) => {
        if (skb.kind === SkbKind.DATA) this.flows[i].deliveredBytes += skb.lenBytes;
        receive(skb, nowNs);
      };
    });
  }

  private fail(msg: string): void {
    if (this.violations.length < 20) this.violations.push(`t=${this.model.sim.nowNs} ns: ${msg}`);
  }

  private check(ok: boolean, msg: () => string): void {
    this.checks++;
    if (!ok) this.fail(msg());
  }

  private wrapClock(): void {
    const sim = this.model.sim;
    const at = sim.at.bind(sim);
    sim.at = (atNs, target, kind, arg) => {
      this.check(Number.isFinite(atNs), () => `event scheduled at ${atNs}`);
      this.check(sim.nowNs >= this.lastNowNs, () => `clock went back from ${this.lastNowNs} to ${sim.nowNs}`);
      this.lastNowNs = sim.nowNs;
      at(atNs, target, kind, arg);
    };
  }

  private wrapSender(s: TcpSender): void {
    const open = s as unknown as Open;
    const send = open.send.bind(s);
    const era = s.kernel;
    open.send = (seq, len, segs, truesize, retrans, nowNs) => {
      if (!this.muted) {
        const limit = tsqLimitBytes(era, {
          skbTruesizeBytes: truesize,
          pacingRateBytesPerSec: s.pacingRateBytesPerSec,
          sk_pacing_shift: s.sk_pacing_shift,
          sk_pacing_status: s.sk_pacing_status,
          limitOutputBytes: s.limitOutputBytes,
          txDelayUs: s.cfg.txDelayUs,
          factor: retrans && era.tsqRetransmitFactor ? 1 : 0,
        });
        const before = s.wmemBytes;
        const shortcut = tsqShortcut(era, s.rtx.skbs);
        if (!retrans)
          this.check(
            seq + len <= s.sndUna + s.sndWnd.wnd,
            () =>
              `flow ${s.flowId}: new data to ${seq + len} past the receive window's edge ${s.sndUna + s.sndWnd.wnd}`,
          );
        this.check(
          before <= limit || shortcut,
          () => `flow ${s.flowId}: sent with sk_wmem_alloc ${before} > TSQ limit ${limit}, no shortcut`,
        );
        send(seq, len, segs, truesize, retrans, nowNs);
        this.check(
          s.wmemBytes <= limit + truesize || shortcut,
          () => `flow ${s.flowId}: sk_wmem_alloc ${s.wmemBytes} > limit ${limit} + one skb ${truesize}`,
        );
        return;
      }
      send(seq, len, segs, truesize, retrans, nowNs);
    };
    const ipOutput = open.ipOutput;
    open.ipOutput = (skb, nowNs) => {
      if (skb.kind === SkbKind.DATA) this.flows[s.flowId].handedBytes += skb.lenBytes;
      ipOutput(skb, nowNs);
    };
  }

  /** Payload handed down and neither delivered nor dropped yet. */
  queuedBytes(flow: number): number {
    const f = this.flows[flow];
    return (
      f.handedBytes - f.deliveredBytes - (this.model.droppedPayloadBytes[flow] ?? 0) - silentDrops.of(flow)
    );
  }

  /** Checks the state invariants at this instant. */
  checkState(): void {
    const m = this.model;
    const now = m.sim.nowNs;
    for (const q of m.qdiscs) {
      this.check(
        q.backlogBytes >= 0 && q.backlogPkts >= 0,
        () => `qdisc ${q.kind} backlog ${q.backlogBytes} B / ${q.backlogPkts} pkts`,
      );
    }
    for (const nic of m.bottlenecks) {
      const inflight = (nic as { inflightBytes?: number }).inflightBytes;
      if (inflight !== undefined) this.check(inflight >= 0, () => `NIC in flight ${inflight} B`);
    }
    for (const p of m.recorder.probes) {
      if (p.spec.panel !== 'occupancy') continue;
      const v = p.read(now);
      this.check(!(v < 0) && !Number.isNaN(v), () => `occupancy ${p.spec.key} = ${v}`);
    }
    m.senders.forEach((s, i) => {
      const r = m.receivers[i];
      this.check(s.wmemBytes >= 0, () => `flow ${i}: sk_wmem_alloc ${s.wmemBytes}`);
      this.check(
        s.sndUna <= s.sndNxt && s.sndNxt <= s.writeSeq,
        () => `flow ${i}: una ${s.sndUna} nxt ${s.sndNxt} write ${s.writeSeq}`,
      );
      this.check(
        r.rcvNxt <= s.sndNxt,
        () => `flow ${i}: receiver has ${r.rcvNxt} B in order, sender sent ${s.sndNxt}`,
      );
      this.check(s.sndUna <= r.rcvNxt, () => `flow ${i}: acked ${s.sndUna} > received ${r.rcvNxt}`);
      this.check(
        r.bytesInOrder === r.rcvNxt,
        () => `flow ${i}: bytesInOrder ${r.bytesInOrder} != rcv_nxt ${r.rcvNxt}`,
      );
      const q = this.queuedBytes(i);
      this.check(
        q >= 0,
        () =>
          `flow ${i}: delivered ${this.flows[i].deliveredBytes} + dropped > handed down ${this.flows[i].handedBytes}`,
      );
    });
  }

  /**
   * Runs to `endNs` in steps, checking the state after each. A step that needs
   * more than `maxEventsPerStep` events counts as a hang (an event storm that
   * would freeze the worker) and stops the run instead of looping forever.
   */
  runTo(endNs: Ns, stepNs: Ns, maxEventsPerStep = 5_000_000): boolean {
    const sim = this.model.sim;
    while (sim.nowNs < endNs) {
      const target = Math.min(endNs, sim.nowNs + stepNs);
      const reached = sim.runSlice(target, maxEventsPerStep);
      this.check(
        reached,
        () => `more than ${maxEventsPerStep} events before ${target} ns: the run does not progress`,
      );
      if (!reached) return false;
      this.check(sim.nowNs === target, () => `clock at ${sim.nowNs} after running to ${target}`);
      this.checkState();
    }
    return true;
  }

  /**
   * Mutes the senders (no new data, no retransmissions) and runs until every
   * flow's handed-down bytes are delivered or dropped, at most `maxNs`.
   * Returns the payload still unaccounted for per flow.
   */
  drain(maxNs: Ns, stepNs: Ns = 10_000_000): number[] {
    this.muted = true;
    for (const s of this.model.senders) {
      s.writeXmit = () => {};
      s.appWrite = () => {};
    }
    const sim = this.model.sim;
    const end = sim.nowNs + maxNs;
    while (sim.nowNs < end && this.model.senders.some((_, i) => this.queuedBytes(i) !== 0)) {
      if (!this.runTo(Math.min(end, sim.nowNs + stepNs), stepNs)) break;
    }
    return this.model.senders.map((_, i) => this.queuedBytes(i));
  }
}
