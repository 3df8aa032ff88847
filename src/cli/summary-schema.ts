/**
 * The JSON schema of a run's Summary (src/sim/api.ts) as a shard line carries
 * it: `merge` (./merge.ts) validates every line's summary with it before
 * rendering, so an empty, truncated or forged summary is refused with its file
 * and line. A number that is missing (NaN) or not finite travels as null, as
 * every JSON the CLI writes has it (`NUM`); `nullsToNaN` turns those back into
 * NaN where the schema says number, so the merged output is the unsharded one.
 * Unknown fields are refused (additionalProperties: false).
 */

type Schema = Record<string, unknown>;

/** A number, or null for a value that is missing or not finite. */
const NUM: Schema = { type: ['number', 'null'] };
const INT: Schema = { type: 'integer', minimum: 0 };
const STR: Schema = { type: 'string', maxLength: 4096 };
const BOOL: Schema = { type: 'boolean' };

function obj(properties: Record<string, Schema>, optional: string[] = []): Schema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    additionalProperties: false,
  };
}
const list = (items: Schema): Schema => ({ type: 'array', items, maxItems: 4096 });

const QUANTILES = obj({ p10: NUM, median: NUM, p90: NUM });

const TSQ_BUDGET = obj({
  dynamic: BOOL,
  limitBytes: NUM,
  twiceTruesizeBytes: NUM,
  pacingTermBytes: NUM,
  capBytes: NUM,
  capApplies: BOOL,
  txDelayBytes: NUM,
  pacingShift: NUM,
  pacingRateBps: NUM,
  payloadPerTruesize: NUM,
  ceilingBps: NUM,
});

const STATION = obj({
  name: STR,
  goodputBps: NUM,
  medianPingMs: NUM,
  medianAggregate: NUM,
  medianAvgAmpduLen: NUM,
  airtimeShare: NUM,
});

const FLOW = obj({
  flow: INT,
  goodputBps: NUM,
  srttMs: QUANTILES,
  minRttMs: NUM,
  cwndPkts: QUANTILES,
  pacingRateBps: QUANTILES,
  deliveryRateBps: QUANTILES,
  skmemTBytes: QUANTILES,
  throttledFraction: NUM,
  totalRetrans: INT,
  lost: INT,
  dsacks: INT,
  reordering: INT,
  reordSeen: INT,
});

const STEPS = obj({
  stepMs: NUM,
  totalGoodputMbps: NUM,
  flows: list(obj({ station: INT, goodputMbps: NUM, cwndPkts: NUM, srttMs: NUM, pacingMbps: NUM })),
  pingMs: list(NUM),
});

export const SUMMARY_SCHEMA: Schema = obj(
  {
    simulatedNs: INT,
    goodputBps: NUM,
    medianLatencyMs: NUM,
    latencyMs: obj({ mean: NUM, p10: NUM, median: NUM, p90: NUM }),
    medianAggregate: NUM,
    tsqLimitBytes: NUM,
    tsqBudget: { anyOf: [{ type: 'null' }, TSQ_BUDGET] },
    forwarded: BOOL,
    cpuBusy: NUM,
    medianCompletionUs: NUM,
    throttledFraction: NUM,
    drops: NUM,
    stations: list(STATION),
    wifi: obj({ driver: STR, medianAggregateBytes: NUM, medianDriverStatusUs: NUM, meanFirmwareBytes: NUM }),
    flows: list(FLOW),
    qdiscs: list(
      obj({
        name: STR,
        backlogPkts: QUANTILES,
        backlogBytes: QUANTILES,
        drops: INT,
        requeues: INT,
        overlimits: INT,
      }),
    ),
    flowShares: list(
      obj(
        {
          name: STR,
          startMs: NUM,
          stopMs: { anyOf: [{ type: 'null' }, { type: 'number' }] },
          baseRttMs: NUM,
          goodputBps: NUM,
          meanSrttMs: NUM,
          limited: obj({ app: NUM, sndbuf: NUM, cwnd: NUM, rwnd: NUM, pacing: NUM, tsq: NUM }),
          transactions: obj({ perSec: NUM, latencyUs: obj({ p50: NUM, p90: NUM, p99: NUM }) }),
          direction: { enum: ['up', 'down'] },
        },
        ['transactions', 'direction'],
      ),
    ),
    udp: list(obj({ name: STR, targetBps: NUM, goodputBps: NUM, lossFraction: NUM, jitterMs: NUM })),
    udpProbes: list(
      obj({
        name: STR,
        flentSeries: STR,
        intervalMs: NUM,
        packetBytes: NUM,
        sent: INT,
        received: INT,
        lossFraction: NUM,
        rttMs: obj({ mean: NUM, p10: NUM, median: NUM, p90: NUM }),
        sendDelayMs: obj({ mean: NUM, median: NUM }),
        receiveDelayMs: obj({ mean: NUM, median: NUM }),
        ipdvMs: obj({ mean: NUM, median: NUM }),
      }),
    ),
    bound: STR,
    seriesMeans: {
      type: 'object',
      additionalProperties: NUM,
      maxProperties: 4096,
      propertyNames: { not: { enum: ['__proto__', 'constructor', 'prototype'] } },
    },
    events: INT,
    steps: STEPS,
  },
  ['tsqBudget', 'wifi', 'seriesMeans', 'steps', 'udp', 'udpProbes', 'latencyMs'],
);

/**
 * `data` (valid against `schema`) with null turned into NaN wherever the
 * schema is NUM: the inverse of writing non-finite numbers as null. Changes
 * `data` in place and returns it.
 */
export function nullsToNaN(schema: Schema, data: unknown): unknown {
  if (schema === NUM) return data === null ? NaN : data;
  if (data === null || typeof data !== 'object') return data;
  if (schema.anyOf) {
    const branch = (schema.anyOf as Schema[]).find((s) => s.type === 'object');
    return branch ? nullsToNaN(branch, data) : data;
  }
  if (Array.isArray(data)) {
    const items = schema.items as Schema;
    data.forEach((v, i) => (data[i] = nullsToNaN(items, v)));
    return data;
  }
  const o = data as Record<string, unknown>;
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const rest = schema.additionalProperties;
  for (const k of Object.keys(o)) {
    const s = Object.hasOwn(props, k) ? props[k] : typeof rest === 'object' ? (rest as Schema) : null;
    if (s) o[k] = nullsToNaN(s, o[k]);
  }
  return data;
}
