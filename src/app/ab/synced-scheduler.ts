/**
 * A ChartScheduler whose window follows a clock shared by several buffers
 * (A and B), so both columns of the A/B view show the same simulated span
 * even when one side's frame arrives a moment before the other's.
 */
import { ChartScheduler, type DrawBudget, type RenderState } from '../charts/scheduler';
import type { SeriesBuffers } from '../charts/series-buffer';
import { windowOf } from '../charts/time-view';
import type { ViewState } from '../state/view-store';
import type { StoreApi } from 'zustand/vanilla';

export class SyncedScheduler extends ChartScheduler {
  constructor(
    buffers: SeriesBuffers,
    view: StoreApi<ViewState>,
    private readonly clockNs: () => number,
  ) {
    super(buffers, view);
  }

  override current(budget?: DrawBudget): RenderState {
    const s = super.current(budget);
    const now = this.clockNs();
    return { ...s, ...windowOf(this.view.getState().view, now), nowNs: now };
  }
}
