/**
 * fast-check generators of valid scenarios, wired and WiFi, spread over the
 * whole schema but kept cheap: small link rates and 20–50 ms of simulated
 * time each, so that thousands run in the unit-test layer.
 */
import fc from 'fast-check';
import { ERA_IDS, ERAS, hasTcpTxDelay, type EraId } from '../../src/sim/scenario/eras';
import type { QdiscConfig, Scenario } from '../../src/sim/scenario/scenario';
import { SCENARIO_SCHEMA } from '../../src/sim/scenario/scenario';
import { wiredBase } from '../../src/sim/scenario/presets/wired-base';
import type { BrcmfmacConfig, WifiConfig, WifiStationConfig } from '../../src/sim/scenario/wifi-config';
import type { PhyRate } from '../../src/sim/model/wifi/types';
import type { CompletionModel } from '../../src/sim/model/nic/wired-nic';

const KiB = 1024;

/** Integers spread evenly over orders of magnitude (1, 10, 1000, 1e6 are all likely). */
const logInt = (min: number, max: number): fc.Arbitrary<number> =>
  fc
    .double({ min: Math.log(min), max: Math.log(max), noNaN: true })
    .map((x) => Math.min(max, Math.max(min, Math.round(Math.exp(x)))));

const qdisc = (): fc.Arbitrary<QdiscConfig> =>
  fc.record({
    kind: fc.constantFrom('pfifo_fast', 'fq', 'fq_codel', 'pfifo'),
    txqueuelen: logInt(1, 10_000),
    limit: fc.option(logInt(1, 10_000), { nil: null }),
    flowLimit: logInt(1, 1000),
    codelTargetUs: logInt(100, 20_000),
    codelIntervalUs: logInt(1000, 200_000),
    ecn: fc.boolean(),
  });

const completion = (): fc.Arbitrary<CompletionModel> =>
  fc.oneof(
    fc.record({ kind: fc.constant('immediate' as const), delayNs: logInt(1, 200_000).map((v) => v - 1) }),
    fc.record({
      kind: fc.constant('coalesced' as const),
      usecs: logInt(1, 1000).map((v) => v - 1),
      frames: logInt(1, 256),
    }),
    fc.record({
      kind: fc.constant('coalesced-frames' as const),
      usecs: logInt(1, 2000).map((v) => v - 1),
      frames: logInt(1, 256),
    }),
    fc.record({ kind: fc.constant('idle' as const), delayNs: logInt(1, 200_000).map((v) => v - 1) }),
  );

/** The receive buffer: mostly autotuned, sometimes a fixed SO_RCVBUF (raised to 4 MSS in assemble), other sysctls. */
const receiver = () =>
  fc.record({
    groWindowUs: logInt(1, 1000).map((v) => v - 1),
    delackMs: logInt(1, 200),
    so_rcvbuf: fc.option(logInt(1024, 4 << 20), { nil: null, freq: 2 }),
    tcp_rmem: fc.option(
      fc
        .tuple(logInt(4096, 1 << 20), logInt(4096, 8 << 20), logInt(4096, 32 << 20))
        .map((v) => v.sort((a, b) => a - b))
        .map(([minBytes, defaultBytes, maxBytes]) => ({ minBytes, defaultBytes, maxBytes })),
      { nil: null, freq: 3 },
    ),
    rmem_max: logInt(4096, 8 << 20),
    rxBufBytes: logInt(1600, 16384),
  });

const cpu = (): fc.Arbitrary<Scenario['cpu']> =>
  fc.record({
    enabled: fc.boolean(),
    perSkbNs: logInt(1, 5000),
    perByteCopyNs: fc.double({ min: 0, max: 1, noNaN: true }),
    perSkbAllocNs: logInt(1, 2000),
    perAckedSkbNs: logInt(1, 2000),
    perGsoSegmentNs: logInt(1, 2000),
    perByteGsoCopyNs: fc.double({ min: 0, max: 1, noNaN: true }),
    perSegmentXmitNs: logInt(1, 2000),
    perTimerNs: logInt(1, 5000),
    perAckNs: logInt(1, 5000),
    perCompletionNs: logInt(1, 2000),
    timerLatencyNs: logInt(1, 100_000).map((v) => v - 1),
  });

/** Everything but the link and the WiFi part. */
const common = () =>
  fc.record({
    era: fc.constantFrom(...ERA_IDS),
    durationMs: fc.integer({ min: 20, max: 50 }),
    warmupFraction: fc.double({ min: 0, max: 0.9, noNaN: true }),
    sampleIntervalUs: logInt(100, 10_000),
    tcp: fc.record({
      cc: fc.constantFrom('reno', 'cubic', 'bbr'),
      flows: fc.integer({ min: 1, max: 4 }),
      mssBytes: fc.oneof(fc.constantFrom(536, 1448, 1448, 8948), fc.integer({ min: 88, max: 9000 })),
      initialCwnd: logInt(1, 100),
      sndbufBytes: logInt(32 * KiB, 8 * KiB * KiB),
      tcp_limit_output_bytes: fc.option(logInt(1, 64 * KiB * KiB), { nil: null }),
      sk_pacing_shift: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      min_tso_segs: fc.integer({ min: 1, max: 64 }),
      tx_delay_us: fc.oneof(fc.constant(0), logInt(1, 10_000)),
      maxPacingRateBps: fc.oneof(fc.constant(0), logInt(1e6, 1e10)),
    }),
    cpu: cpu(),
    qdisc: qdisc(),
    receiver: receiver(),
    pingIntervalMs: fc.oneof(fc.constant(0), logInt(1, 100)),
  });

function assemble(
  c: ReturnType<typeof common> extends fc.Arbitrary<infer T> ? T : never,
): Omit<Scenario, 'link' | 'router' | 'wifi'> {
  return {
    schema: SCENARIO_SCHEMA,
    title: 'generated',
    era: c.era,
    durationMs: c.durationMs,
    warmupMs: Math.floor(c.durationMs * c.warmupFraction),
    sampleIntervalUs: c.sampleIntervalUs,
    // Validation refuses TCP_TX_DELAY in an era without it.
    tcp: { ...(hasTcpTxDelay(ERAS[c.era]) ? c.tcp : { ...c.tcp, tx_delay_us: 0 }), perFlow: null },
    cpu: c.cpu,
    qdisc: c.qdisc,
    // An SO_RCVBUF whose window holds whole segments (validation refuses less).
    receiver: {
      ...c.receiver,
      so_rcvbuf: c.receiver.so_rcvbuf === null ? null : Math.max(c.receiver.so_rcvbuf, 4 * c.tcp.mssBytes),
    },
    pingIntervalMs: c.pingIntervalMs,
  };
}

const wiredLink = () =>
  fc.record({
    rateBps: logInt(1e6, 2e8),
    propagationUs: fc.oneof(
      logInt(1, 50_000).map((v) => v - 1),
      fc.constant(500_000),
    ),
    ringSlots: logInt(1, 1024),
    bql: fc.boolean(),
    sg: fc.boolean(),
    gsoMaxSizeBytes: logInt(1500, 65536),
    completion: completion(),
    rxCoalesce: fc.oneof(
      fc.constant({ usecs: 0, frames: 1 }),
      fc.record({ usecs: logInt(1, 500), frames: fc.integer({ min: 0, max: 64 }) }),
    ),
    xen: fc.option(
      fc.record({
        ringSlots: logInt(20, 512),
        backendPerSkbUs: logInt(1, 50).map((v) => v - 1),
        deallocFixedUs: logInt(1, 200).map((v) => v - 1),
        deallocMeanExtraUs: logInt(1, 500).map((v) => v - 1),
        deallocStallProb: fc.double({ min: 0, max: 0.2, noNaN: true }),
        deallocStallMeanUs: logInt(1, 2000).map((v) => v - 1),
        evtchnUs: logInt(1, 50).map((v) => v - 1),
        physCompletion: completion(),
      }),
      { nil: null, freq: 3 },
    ),
  });

export const wiredScenario = (): fc.Arbitrary<Scenario> =>
  fc
    .record({
      c: common(),
      link: wiredLink(),
      router: fc.option(
        fc.record({
          rateBps: logInt(1e6, 1e9),
          propagationUs: logInt(1, 50_000).map((v) => v - 1),
          qdisc: qdisc(),
        }),
        {
          nil: null,
          freq: 3,
        },
      ),
    })
    .chain(({ c, link, router }) => {
      const sc: Scenario = { ...assemble(c), link, router, wifi: null };
      // Half of the wired scenarios send each flow to a host of its own.
      const shared = 2 * (link.propagationUs + (router?.propagationUs ?? 0));
      const spec = fc.record({
        extraUs: fc.option(logInt(1, 100_000), { nil: null }),
        startFraction: fc.double({ min: 0, max: 0.9, noNaN: true }),
        stopFraction: fc.option(fc.double({ min: 0.05, max: 1, noNaN: true }), { nil: null }),
        cc: fc.constantFrom(null, 'reno' as const, 'cubic' as const, 'bbr' as const),
      });
      return fc
        .option(fc.array(spec, { minLength: sc.tcp.flows, maxLength: sc.tcp.flows }), { nil: null })
        .map((flows) => {
          if (!flows) return sc;
          const perFlow = flows.map((f, i) => {
            const startMs = Math.floor(f.startFraction * sc.durationMs);
            const stop =
              f.stopFraction === null
                ? null
                : Math.ceil(startMs + f.stopFraction * (sc.durationMs - startMs));
            return {
              name: `host ${i + 1}`,
              rttUs: f.extraUs === null ? null : shared + f.extraUs,
              startMs,
              stopMs: stop !== null && stop > startMs ? stop : null,
              cc: f.cc,
            };
          });
          return { ...sc, tcp: { ...sc.tcp, perFlow } };
        });
    });

const htRate = (): fc.Arbitrary<PhyRate> =>
  fc
    .record({
      mcs: fc.integer({ min: 0, max: 15 }),
      widthMHz: fc.constantFrom(20 as const, 40 as const),
      shortGi: fc.boolean(),
    })
    .map(({ mcs, widthMHz, shortGi }) => ({
      mode: 'ht' as const,
      mcs,
      nss: Math.floor(mcs / 8) + 1,
      widthMHz,
      shortGi,
    }));

const vhtRate = (): fc.Arbitrary<PhyRate> =>
  fc.record({
    mode: fc.constant('vht' as const),
    mcs: fc.integer({ min: 0, max: 8 }),
    nss: fc.integer({ min: 1, max: 2 }),
    widthMHz: fc.constantFrom(20 as const, 40 as const, 80 as const),
    shortGi: fc.boolean(),
  });

const station = (band: '2.4GHz' | '5GHz', i: number): fc.Arbitrary<WifiStationConfig> => {
  const rate = band === '5GHz' ? fc.oneof(htRate(), vhtRate()) : htRate();
  return fc.record({
    name: fc.constant(`sta${i + 1}`),
    rate,
    uplinkRate: rate,
    // Mostly clean or lossy channels; now and then one so bad that retries run out.
    frameErrorRate: fc.oneof(
      { arbitrary: fc.constant(0), weight: 2 },
      { arbitrary: fc.double({ min: 0, max: 0.3, noNaN: true }), weight: 2 },
      { arbitrary: fc.double({ min: 0.7, max: 0.95, noNaN: true }), weight: 1 },
    ),
  });
};

const brcmfmac = (): fc.Arbitrary<BrcmfmacConfig> =>
  fc.record({
    fcMode: fc.constantFrom(0 as const, 1 as const, 2 as const),
    initialCredits: fc.tuple(logInt(1, 64), logInt(1, 64), logInt(1, 64), logInt(1, 64)),
    creditBackBatch: logInt(1, 64),
    busBytesPerSec: logInt(1e6, 2e8),
    busTransferOverheadUs: logInt(1, 200).map((v) => v - 1),
    busMaxPktsPerTransfer: logInt(1, 64),
    firmwareQueuePkts: logInt(1, 512),
    firmwareTxStatusLatencyUs: logInt(1, 2000).map((v) => v - 1),
    firmwareTxStatusBatch: logInt(1, 64),
    firmwareMaxAmpduFrames: logInt(1, 64),
    firmwareMaxAirtimeUs: logInt(500, 5000),
  });

const wifi = (): fc.Arbitrary<WifiConfig> =>
  fc
    .record({
      topology: fc.constantFrom('local' as const, 'ap' as const),
      band: fc.constantFrom('2.4GHz' as const, '5GHz' as const),
      brcm: fc.boolean(),
      nSta: fc.integer({ min: 1, max: 6 }),
    })
    .chain(({ topology, band, brcm, nSta }) => {
      const useBrcm = brcm && topology === 'local';
      const n = topology === 'local' ? 1 : nSta;
      return fc.record({
        topology: fc.constant(topology),
        band: fc.constant(band),
        driver: fc.constant(useBrcm ? ('brcmfmac' as const) : ('ath9k' as const)),
        queueing: fc.constantFrom('itxq' as const, 'legacy' as const),
        stations: fc.tuple(...Array.from({ length: n }, (_, i) => station(band, i))),
        txStatusDelayUs: logInt(1, 1000).map((v) => v - 1),
        rxIntrMitigationLastUs: fc.oneof(fc.constant(0), logInt(1, 2000)),
        rxIntrMitigationFirstUs: logInt(1, 5000),
        legacyMaxPending: logInt(1, 256),
        wiredRateBps: logInt(1e7, 1e9),
        wiredPropagationUs: logInt(1, 20_000).map((v) => v - 1),
        airtimeFairness: fc.boolean(),
        aql: fc.boolean(),
        brcmfmac: useBrcm ? brcmfmac() : fc.constant(null),
        pingIntervalMs: fc.oneof(fc.constant(0), logInt(5, 100)),
      });
    });

export const wifiScenario = (): fc.Arbitrary<Scenario> =>
  fc.record({ c: common(), wifi: wifi() }).map(({ c, wifi }) => {
    const base = assemble(c);
    // WiFi MPDUs carry at most one Ethernet-sized segment: keep the MSS of a 1500-byte MTU or below.
    base.tcp = { ...base.tcp, mssBytes: Math.min(base.tcp.mssBytes, 1448) };
    return {
      ...base,
      link: wiredBase().link,
      router: null,
      wifi,
    };
  });

/**
 * A preset with its own explorer knobs turned to random values in their
 * ranges (the link capped at 1 Gbit/s and the run at 20 ms to stay cheap).
 */
export const presetScenario = (
  presets: readonly { id: string; params: readonly string[]; scenario: () => Scenario }[],
  specs: Readonly<
    Record<string, { kind: string; min?: number; max?: number; options?: { value: string | number }[] }>
  >,
): fc.Arbitrary<{ id: string; set: Record<string, string | number | boolean | null> }> =>
  fc.constantFrom(...presets).chain((p) => {
    const knobs: Record<string, fc.Arbitrary<string | number | boolean | null>> = {};
    for (const key of p.params) {
      const s = specs[key];
      if (!s) continue;
      if (s.kind === 'bool') knobs[key] = fc.boolean();
      else if (s.kind === 'enum' && s.options) knobs[key] = fc.constantFrom(...s.options.map((o) => o.value));
      else if (s.min !== undefined && s.max !== undefined) {
        const max = key.endsWith('rateBps') ? Math.min(s.max, 1e9) : s.max;
        const lo = Math.max(s.min, 1);
        const v = s.kind === 'int' ? logInt(lo, max) : fc.double({ min: s.min, max, noNaN: true });
        knobs[key] =
          key === 'tcp.sk_pacing_shift' || key === 'tcp.tcp_limit_output_bytes'
            ? fc.option(v, { nil: null })
            : v;
      }
    }
    const set = fc.record(knobs, { requiredKeys: [] }) as fc.Arbitrary<
      Record<string, string | number | boolean | null>
    >;
    // The explorer refuses TCP_TX_DELAY in an era without it (validation).
    const valid = set.map((st) => {
      const era = (st.era ?? p.scenario().era) as EraId;
      return hasTcpTxDelay(ERAS[era]) || !st['tcp.tx_delay_us'] ? st : { ...st, 'tcp.tx_delay_us': 0 };
    });
    return fc.record({ id: fc.constant(p.id), set: valid });
  });
