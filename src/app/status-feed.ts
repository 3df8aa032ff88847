/**
 * Run status from the worker's frames into the explorer store. The clock and
 * the achieved speed (shown as text) are refreshed at most every STATUS_MS;
 * a change of run, play state, preset or seed goes through at once. Each
 * store update re-renders the run controls, and frames come 30 times a second.
 */
import type { RunStatus } from '../worker/protocol';
import { useExplorer } from './state/explorer-store';

export const STATUS_MS = 100;

export class StatusFeed {
  private at = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private next: RunStatus | null = null;

  /** `current`: whether a held-back status still belongs to the run on screen. */
  constructor(private readonly current: (s: RunStatus) => boolean) {}

  push(s: RunStatus): void {
    const cur = useExplorer.getState().status;
    const now = performance.now();
    const same =
      cur.running === s.running &&
      cur.runId === s.runId &&
      cur.presetId === s.presetId &&
      cur.seed === s.seed;
    if (same && now - this.at < STATUS_MS) {
      this.next = s;
      this.timer ??= setTimeout(
        () => {
          this.timer = null;
          const next = this.next;
          this.next = null;
          if (next && this.current(next)) this.push(next);
        },
        STATUS_MS - (now - this.at),
      );
      return;
    }
    this.at = now;
    this.next = null;
    useExplorer.getState().patch({ status: s });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.next = null;
  }
}
