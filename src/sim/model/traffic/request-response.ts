/**
 * netperf TCP_RR (src/nettest_bsd.c send_tcp_rr / recv_tcp_rr; the omni
 * test's RR in nettest_omni.c): the client writes a request of
 * `requestBytes`, the server reads it whole and writes a response of
 * `responseBytes`, and the client reads the response before its next
 * request. With `--enable-burst -b N` the client keeps N more transactions
 * in flight. netperf sets no TCP_NODELAY unless -D; the default sizes are
 * 1 and 1 byte (`-r 1,1`). A transaction's time runs from the request's
 * send to the response's last byte.
 * The response crosses back as one skb that carries the server's ACK
 * (../tcp/receiver.ts respond): the return path of a wired scenario is a
 * delay line without loss or queue, so the server's own congestion window
 * never binds — a modelling limit that holds for responses within the
 * initial window (10 segments).
 */
import type { Ns } from '../../engine/time';
import { Reservoir } from '../../metrics/reservoir';

export class RrClient {
  /** Transactions whose request is written and whose response has not arrived. */
  private readonly sentNs: Ns[] = [];
  /** Transactions completed, and their times (ns). */
  transactions = 0;
  readonly latencyNs = new Reservoir(65536);
  private measureFromNs: Ns = 0;
  private countedFrom = 0;

  constructor(
    readonly requestBytes: number,
    readonly responseBytes: number,
    /** netperf -b: transactions in flight beyond the first. */
    readonly burst: number,
  ) {}

  get outstanding(): number {
    return this.sentNs.length;
  }

  mayWrite(): boolean {
    return this.sentNs.length < 1 + this.burst;
  }

  requestSent(nowNs: Ns): void {
    this.sentNs.push(nowNs);
  }

  /** A response arrived; true when it completed a transaction. */
  responseArrived(nowNs: Ns): boolean {
    const t = this.sentNs.shift();
    if (t === undefined) return false;
    this.transactions++;
    if (t >= this.measureFromNs) this.latencyNs.add(nowNs - t);
    return true;
  }

  /** Counts from the end of the warm-up. */
  beginMeasure(nowNs: Ns): void {
    this.measureFromNs = nowNs;
    this.countedFrom = this.transactions;
    this.latencyNs.clear();
  }

  /** Transactions completed since the measurement began. */
  get measured(): number {
    return this.transactions - this.countedFrom;
  }
}

/**
 * The server's side (recv_tcp_rr): after each read, one response per whole
 * request now in order.
 */
export class RrServer {
  private served = 0;

  constructor(
    private readonly requestBytes: number,
    private readonly responseBytes: number,
    private readonly respond: (bytes: number, nowNs: Ns) => void,
  ) {}

  onRead(bytesInOrder: number, nowNs: Ns): void {
    while (bytesInOrder - this.served * this.requestBytes >= this.requestBytes) {
      this.served++;
      this.respond(this.responseBytes, nowNs);
    }
  }
}
