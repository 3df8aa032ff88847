/**
 * The summary's TSQ budget (api.ts TsqBudget): the first sender's limit and
 * its terms at the last new-data check (net/ipv4/tcp_output.c,
 * tcp_small_queue_check), and the ceiling the budget sets by Little's law.
 */
import type { TsqBudget } from '../api';
import type { Model } from './model';

export function tsqBudgetOf(m: Model, meanLimitBytes: number): TsqBudget | null {
  const s0 = m.senders[0];
  const t = s0?.tsq.budgetTerms(s0.kernel);
  if (!s0 || !t) return null;
  const done = m.recorder.completionNs;
  const meanCompletionNs = done.count > 0 ? done.sum / done.count : NaN;
  const perTruesize = s0.payloadPerTruesize();
  const rate = t.pacingRateBytesPerSec;
  return {
    dynamic: t.dynamic,
    limitBytes: s0.tsqLimit,
    twiceTruesizeBytes: t.twiceTruesizeBytes,
    pacingTermBytes: t.pacingTermBytes,
    capBytes: t.capBytes,
    capApplies: t.capApplies,
    txDelayBytes: t.txDelayBytes,
    pacingShift: t.pacingShift,
    pacingRateBps: Number.isFinite(rate) ? rate * 8 : 0,
    payloadPerTruesize: perTruesize,
    ceilingBps: meanCompletionNs > 0 ? (meanLimitBytes * perTruesize * 8e9) / meanCompletionNs : NaN,
  };
}
