/**
 * fq_codel holding trains (../skb-train.ts): a router's root qdisc on the
 * coarse path. A train of n segments is n packets to every count, limit and
 * CoDel judgement, as the segments one by one would be; it is kept as one
 * entry and leaves in pieces (Qdisc.dequeueRun, Qdisc.passThrough), which
 * the property test fq-codel-trains.property.test.ts holds to fq_codel of
 * single segments.
 */
import type { Ns } from '../../engine/time';
import { ETH_WIRE_OVERHEAD_BYTES, type Skb } from '../skb';
import { extendsPiece, headSegmentBytes, moveHead, retire, segmentTruesize, splitHead } from '../skb-train';
import { codelPasses } from './codel';
import { FqCodel } from './fq-codel';
import { addTail, type FqCodelFlow, LIST_NEW, LIST_OLD, removeHead } from './fq-codel-flow';

export class FqCodelTrains extends FqCodel {
  override get trains(): boolean {
    return true;
  }

  /** A train that would pass a limit goes in packet by packet, each judged as it comes. */
  override enqueue(skb: Skb, nowNs: Ns): void {
    if (skb.segs > 1 && this.overLimitWith(skb)) {
      while (skb.segs > 1) super.enqueue(splitHead(skb), nowNs);
    }
    super.enqueue(skb, nowNs);
  }

  private overLimitWith(skb: Skb): boolean {
    return (
      this.pkts + skb.segs > this.limitPkts ||
      this.memoryUsageBytes + skb.truesizeBytes > this.memoryLimitBytes
    );
  }

  /**
   * A train arriving at an idle qdisc whose driver takes packets: its first
   * segments go straight through, as each would be enqueued (a new flow) and
   * at once dequeued (no sojourn), while the driver would take one more
   * (`roomBytes`, `roomPkts`, as in dequeueRun). Returns them as one piece,
   * leaving the qdisc's and the flow's state as those enqueues and dequeues
   * would (the flow listed again only if the driver stops after the last);
   * null, with nothing changed, if the qdisc is not idle.
   */
  passThrough(train: Skb, nowNs: Ns, roomBytes: number, roomPkts: number): Skb | null {
    if (this.pkts !== 0 || this.newFlows.first !== null || this.oldFlows.first !== null) return null;
    // One segment alone must fit the limits (it would be dropped on enqueue otherwise).
    if (train.tcpFlags !== 0 || this.limitPkts < 1 || this.memoryLimitBytes < train.truesizeBytes)
      return null;
    const flow = this.flowAt(this.classify(train));
    const piece = splitHead(train);
    piece.enqueueNs = nowNs;
    if (train.segs === 0) retire(train);
    let lastBytes = piece.l2Bytes;
    while (train.segs > 0 && piece.l2Bytes <= roomBytes && piece.segs < roomPkts) {
      lastBytes = headSegmentBytes(train) + train.hdrBytes;
      moveHead(piece, train);
      if (train.segs === 0) retire(train);
    }
    const stopped = !(piece.l2Bytes <= roomBytes && piece.segs < roomPkts);
    this.newFlowCount += piece.segs;
    this.stats.sentBytes += piece.l2Bytes;
    this.stats.sentPkts += piece.segs;
    const firstBytes = piece.segL2Bytes(0);
    if (firstBytes > this.stats.maxPacketBytes) this.stats.maxPacketBytes = firstBytes;
    const v = flow.cvars;
    v.ldelayNs = 0;
    v.firstAboveTimeNs = 0;
    v.dropping = false;
    // After the last: listed with what is left of its quantum if the driver
    // stopped; else the next dequeue finds it empty and takes it off the lists.
    flow.deficit = this.quantumBytes - lastBytes;
    if (stopped) {
      addTail(this.newFlows, flow);
      flow.list = LIST_NEW;
    } else while (flow.deficit <= 0) flow.deficit += this.quantumBytes;
    return piece;
  }

  /**
   * dequeue(), and then as many more dequeue() calls at this instant as
   * would each hand over the next segment of the same train, of the same
   * flow, without a drop or a mark, while the wire bytes stay under
   * `maxWireBytes` and the driver would still take the next (Qdisc.dequeueRun):
   * those segments leave as one piece (../skb-train.ts),
   * every packet counted, judged by CoDel and charged to the flow's deficit
   * as one by one.
   */
  dequeueRun(nowNs: Ns, maxWireBytes: number, roomBytes: number, roomPkts: number): Skb | null {
    const piece = this.dequeue(nowNs);
    // Only a train's data segments join a piece (not a connection set-up segment sent with them).
    if (piece === null || piece.tcpFlags !== 0) return piece;
    const flow = this.flowAt(this.classify(piece));
    let wire = piece.l2Bytes + ETH_WIRE_OVERHEAD_BYTES;
    while (wire < maxWireBytes && piece.l2Bytes <= roomBytes && piece.segs < roomPkts) {
      const train = flow.q.peek();
      if (train === null || train.tcpFlags !== 0 || !extendsPiece(piece, train) || !this.servesNext(flow))
        break;
      const payload = headSegmentBytes(train);
      const segL2 = payload + train.hdrBytes;
      const p = this.params;
      if (
        !codelPasses(flow.cvars, p, this.stats, train.enqueueNs, segL2, train.ect, this.bytes - segL2, nowNs)
      )
        break;
      flow.bytes -= segL2;
      this.bytes -= segL2;
      flow.pkts--;
      this.pkts--;
      this.memoryUsageBytes -= segmentTruesize(payload);
      moveHead(piece, train);
      if (train.segs === 0) {
        flow.q.shift();
        retire(train);
      }
      flow.deficit -= segL2;
      this.stats.sentBytes += segL2;
      this.stats.sentPkts++;
      wire += segL2 + ETH_WIRE_OVERHEAD_BYTES;
    }
    return piece;
  }

  /**
   * Whether the next dequeue() would serve `flow` again: it heads the list
   * served first, and has deficit left, or is alone to get its next quantum
   * (the move to old_flows that dequeue() would make first, made here).
   */
  private servesNext(flow: FqCodelFlow): boolean {
    const list = this.newFlows.first !== null ? this.newFlows : this.oldFlows;
    if (list.first !== flow) return false;
    if (flow.deficit > 0) return true;
    // Short of a packet by more than a quantum (quantum below the MTU): dequeue() turns it among the others.
    if (flow.deficit + this.quantumBytes <= 0) return false;
    flow.deficit += this.quantumBytes;
    removeHead(list);
    addTail(this.oldFlows, flow);
    flow.list = LIST_OLD;
    return this.newFlows.first === null && this.oldFlows.first === flow;
  }
}
