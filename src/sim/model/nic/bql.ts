/**
 * Byte Queue Limits: the driver may queue while num_queued − num_completed <
 * limit; the limit adapts on each completion batch (dql_completed in
 * lib/dynamic_queue_limits.c): grow when the queue starved, shrink by the
 * minimum slack seen over slack_hold_time when it stayed busy.
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';

const SLACK_HOLD_NS = 1_000_000_000; // slack_hold_time = HZ
const MAX_LIMIT = 0x7fffffff / 2;

export class Dql {
  limit = 0;
  private numQueued = 0;
  private numCompleted = 0;
  private adjLimit = 0;
  private prevOvlimit = 0;
  private prevNumQueued = 0;
  private prevLastObjCnt = 0;
  private lastObjCnt = 0;
  private lowestSlack = Infinity;
  private slackStartNs: Ns = 0;

  queued(bytes: number): void {
    this.lastObjCnt = bytes;
    this.numQueued += bytes;
  }

  /** Bytes that may still be queued (negative: stop the queue). */
  avail(): number {
    return this.adjLimit - this.numQueued;
  }

  completed(count: number, nowNs: Ns): void {
    const numQueued = this.numQueued;
    const completed = this.numCompleted + count;
    let limit = this.limit;
    const ovlimit = Math.max(0, numQueued - this.numCompleted - limit);
    const inprogress = numQueued !== completed;
    const prevInprogress = this.prevNumQueued !== this.numCompleted;
    // Everything queued at the previous completion is done by now.
    const allPrevCompleted = completed >= this.prevNumQueued;
    if ((ovlimit && !inprogress) || (this.prevOvlimit && allPrevCompleted)) {
      // Starved: raise the limit by what was outstanding.
      limit += completed - this.prevNumQueued + this.prevOvlimit;
      this.slackStartNs = nowNs;
      this.lowestSlack = Infinity;
    } else if (inprogress && prevInprogress && !allPrevCompleted) {
      const slack = Math.max(0, limit + this.prevOvlimit - 2 * (completed - this.numCompleted));
      const slackLastObjs = this.prevOvlimit ? Math.max(this.prevLastObjCnt - this.prevOvlimit, 0) : 0;
      const s = Math.max(slack, slackLastObjs);
      if (s < this.lowestSlack) this.lowestSlack = s;
      if (nowNs - this.slackStartNs > SLACK_HOLD_NS) {
        limit = Math.max(0, limit - this.lowestSlack);
        this.slackStartNs = nowNs;
        this.lowestSlack = Infinity;
      }
    }
    limit = Math.min(Math.max(limit, 0), MAX_LIMIT);
    // As dql_completed: a changed limit voids the over-limit carried to the next call.
    this.prevOvlimit = limit !== this.limit ? 0 : ovlimit;
    this.limit = limit;
    this.adjLimit = limit + completed;
    this.prevLastObjCnt = this.lastObjCnt;
    this.numCompleted = completed;
    this.prevNumQueued = numQueued;
  }
}

// Byte counters and timestamps outgrow small integers during a run (see double-fields.ts).
preferDoubleFields(new Dql(), ['numQueued', 'numCompleted', 'adjLimit', 'prevNumQueued', 'slackStartNs']);
