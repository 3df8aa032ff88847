/** Summaries and results for the experiments' unit tests (imported by *.test.ts only). */
import type { Summary, SweepJobResult } from '../../worker/protocol';

/** One station's summary (a fast station's figures unless given). */
export function station(
  name: string,
  p: Partial<Summary['stations'][number]> = {},
): Summary['stations'][number] {
  return {
    name,
    goodputBps: 2e7,
    medianPingMs: 20,
    medianAggregate: 10,
    medianAvgAmpduLen: 9.5,
    airtimeShare: 0.5,
    ...p,
  };
}

export function summary(p: Partial<Summary> = {}): Summary {
  return {
    simulatedNs: 1e9,
    goodputBps: 1e8,
    medianLatencyMs: 5,
    medianAggregate: 10,
    tsqLimitBytes: 131072,
    forwarded: false,
    cpuBusy: 0.5,
    medianCompletionUs: 100,
    throttledFraction: 0.5,
    drops: 0,
    stations: [],
    flows: [],
    qdiscs: [],
    flowShares: [],
    bound: 'link-bound',
    events: 1000,
    ...p,
  };
}

export function done(p: Partial<Summary> = {}, payloadPerTruesize = 1, jobId = 1): SweepJobResult {
  return {
    status: 'done',
    jobId,
    summary: summary(p),
    payloadPerTruesize,
    durationMs: 500,
    warmupMs: 100,
    wallMs: 10,
  };
}
