/**
 * fast-check generators of valid scenarios, wired and WiFi, spread over the
 * whole schema but kept cheap: small link rates and 20–50 ms of simulated
 * time each, so that thousands run in the unit-test layer.
 */
import fc from 'fast-check';
import { ERA_IDS, type EraId } from '../../src/sim/scenario/eras';
import { kernelFeatures, type KernelConfig } from '../../src/sim/scenario/kernel';
import { hasEdt } from '../../src/sim/model/tcp/kernel-features';
import type { QdiscConfig, Scenario } from '../../src/sim/scenario/scenario';
import { SCENARIO_SCHEMA } from '../../src/sim/scenario/scenario';
import { wiredBase } from '../../src/sim/scenario/presets/wired-base';
import type {
  Ath10kConfig,
  BrcmfmacConfig,
  Mt76Config,
  WifiConfig,
  WifiStationConfig,
} from '../../src/sim/scenario/wifi-config';
import { CPU_PLATFORM_IDS } from '../../src/sim/model/cpu/platforms';
import { CAKE_DIFFSERV_MODES } from '../../src/sim/model/qdisc/cake/cake-config';
import { CAKE_FLOW_MODES } from '../../src/sim/model/qdisc/cake/cake-flows';
import type { PhyRate } from '../../src/sim/model/wifi/types';
import type { CompletionModel } from '../../src/sim/model/nic/wired-nic';
import type { ShaperConfig } from '../../src/sim/scenario/shaper-config';

const KiB = 1024;

/** Integers spread evenly over orders of magnitude (1, 10, 1000, 1e6 are all likely). */
const logInt = (min: number, max: number): fc.Arbitrary<number> =>
  fc
    .double({ min: Math.log(min), max: Math.log(max), noNaN: true })
    .map((x) => Math.min(max, Math.max(min, Math.round(Math.exp(x)))));

export const qdisc = (): fc.Arbitrary<QdiscConfig> =>
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
    platform: fc.option(fc.constantFrom(...CPU_PLATFORM_IDS), { nil: null }),
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

/**
 * A shaper at an interface's root, any kind and leaf (made valid for the era by validShaper).
 * Rates start at 1 Mbit/s, as links do: a slower shaper with a one-packet limit
 * and a second of RTT loses so much that retransmissions outlast the drain.
 */
export const shaper = (): fc.Arbitrary<ShaperConfig | null> =>
  fc.option(
    fc.record({
      kind: fc.constantFrom('htb', 'tbf', 'cake'),
      rateBps: logInt(1e6, 1e9),
      ceilBps: fc.option(logInt(1e6, 1e9), { nil: null }),
      burstBytes: fc.option(logInt(1514, 200_000), { nil: null }),
      cburstBytes: fc.option(logInt(1514, 200_000), { nil: null }),
      mtuBytes: logInt(1514, 9000),
      limitBytes: fc.option(logInt(1514, 2_000_000), { nil: null }),
      latencyUs: logInt(1, 200_000),
      peakrateBps: fc.constant(0),
      overheadBytes: fc.option(fc.integer({ min: 0, max: 64 }), { nil: null }),
      mpuBytes: fc.integer({ min: 0, max: 100 }),
      linklayer: fc.constantFrom('ethernet', 'atm'),
      leaf: fc.constantFrom('default', 'pfifo', 'bfifo', 'pfifo_fast', 'fq', 'fq_codel'),
      cake: fc.record({
        flowMode: fc.constantFrom(...CAKE_FLOW_MODES),
        diffserv: fc.constantFrom(...CAKE_DIFFSERV_MODES),
        ackFilter: fc.constantFrom('off', 'on', 'aggressive'),
        rttUs: logInt(1000, 300_000),
        targetUs: logInt(100, 20_000),
        splitGso: fc.boolean(),
        memlimitBytes: fc.option(logInt(20_000, 1 << 24), { nil: null }),
      }),
    }),
    { nil: null, freq: 3 },
  );

/** What validation asks of a shaper: tbf needs a burst, cake Linux 4.19+. */
export function validShaper(sh: ShaperConfig | null, era: EraId): ShaperConfig | null {
  if (!sh) return null;
  const preCake = ['3.6', '4.1', '4.9', '4.16', '4.17'].includes(era);
  const kind = sh.kind === 'cake' && preCake ? 'htb' : sh.kind;
  return { ...sh, kind, burstBytes: kind === 'tbf' ? (sh.burstBytes ?? 15_140) : sh.burstBytes };
}
/** The kernel block: each behaviour at the era's value (null) or set. */
const kernelBlock = (): fc.Arbitrary<KernelConfig> =>
  fc.record({
    tcp_tso_rtt_log: fc.option(fc.integer({ min: 0, max: 31 }), { nil: null }),
    tsq_shortcut: fc.option(fc.constantFrom('none' as const, 'empty' as const, 'single' as const), {
      nil: null,
    }),
    tcp_autocorking: fc.option(fc.boolean(), { nil: null }),
    tcp_min_tso_segs: fc.option(fc.integer({ min: 1, max: 64 }), { nil: null }),
    tcp_pacing_ss_ratio: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    tcp_pacing_ca_ratio: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    gso_always_on: fc.option(fc.boolean(), { nil: null }),
    pacing: fc.option(fc.constantFrom('none' as const, 'hrtimer' as const, 'edt' as const), { nil: null }),
    hz: fc.option(fc.constantFrom(100 as const, 250 as const, 300 as const, 1000 as const), { nil: null }),
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
      tx_delay_us: fc.oneof(fc.constant(0), logInt(1, 10_000)),
      maxPacingRateBps: fc.oneof(fc.constant(0), logInt(1e6, 1e10)),
    }),
    kernel: kernelBlock(),
    cpu: cpu(),
    qdisc: qdisc(),
    receiver: receiver(),
    pingIntervalMs: fc.oneof(fc.constant(0), logInt(1, 100)),
    // Knob moves during the run (scheduled changes), at fractions of its length.
    changes: fc.array(
      fc.record({ frac: fc.double({ min: 0, max: 1, noNaN: true }), shift: fc.integer({ min: 0, max: 20 }) }),
      {
        maxLength: 3,
      },
    ),
  });

function assemble(
  c: ReturnType<typeof common> extends fc.Arbitrary<infer T> ? T : never,
): Omit<Scenario, 'link' | 'router' | 'wifi' | 'shaper'> {
  return {
    schema: SCENARIO_SCHEMA,
    title: 'generated',
    era: c.era,
    kernel: c.kernel,
    durationMs: c.durationMs,
    warmupMs: Math.floor(c.durationMs * c.warmupFraction),
    sampleIntervalUs: c.sampleIntervalUs,
    // Validation refuses TCP_TX_DELAY in a kernel without EDT.
    tcp: { ...(hasEdt(kernelFeatures(c)) ? c.tcp : { ...c.tcp, tx_delay_us: 0 }), perFlow: null },
    cpu: c.cpu,
    qdisc: c.qdisc,
    // An SO_RCVBUF whose window holds whole segments (validation refuses less).
    receiver: {
      ...c.receiver,
      so_rcvbuf: c.receiver.so_rcvbuf === null ? null : Math.max(c.receiver.so_rcvbuf, 4 * c.tcp.mssBytes),
    },
    pingIntervalMs: c.pingIntervalMs,
    changes: c.changes
      .map((x) => ({
        atUs: Math.max(1, Math.floor(x.frac * c.durationMs * 1000)),
        key: 'tcp.sk_pacing_shift',
        value: x.shift,
      }))
      .sort((a, b) => a.atUs - b.atUs),
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
    tso: fc.boolean(),
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
          ringSlots: logInt(1, 1024),
          bql: fc.boolean(),
          completion: completion(),
          shaper: shaper(),
        }),
        {
          nil: null,
          freq: 3,
        },
      ),
      shaper: shaper(),
    })
    .chain(({ c, link, router, shaper: sh }) => {
      const sc: Scenario = {
        ...assemble(c),
        shaper: validShaper(sh, c.era),
        link,
        router: router ? { ...router, shaper: validShaper(router.shaper, c.era) } : null,
        wifi: null,
      };
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

/** HE on 2.4 GHz is 20 or 40 MHz wide (src/sim/scenario/band-phy.ts). */
const heRate = (band: '2.4GHz' | '5GHz'): fc.Arbitrary<PhyRate> =>
  fc
    .record({
      mcs: fc.integer({ min: 0, max: 11 }),
      nss: fc.integer({ min: 1, max: 2 }),
      widthMHz:
        band === '5GHz'
          ? fc.constantFrom(20 as const, 40 as const, 80 as const, 160 as const)
          : fc.constantFrom(20 as const, 40 as const),
      gi: fc.constantFrom([800, 2] as const, [1600, 2] as const, [3200, 4] as const, [800, 1] as const),
    })
    .map(({ mcs, nss, widthMHz, gi }) => ({
      mode: 'he' as const,
      mcs,
      nss,
      widthMHz,
      shortGi: false,
      giNs: gi[0],
      heLtf: gi[1],
    }));

/** Rates the driver's radio can send: HT everywhere, VHT on 5 GHz, HE only on an 802.11ax mt76 (20/40 MHz on 2.4 GHz). */
function ratesFor(
  band: '2.4GHz' | '5GHz',
  driver: WifiConfig['driver'],
  heChip: boolean,
): fc.Arbitrary<PhyRate> {
  if (driver === 'mt76' && heChip) return band === '5GHz' ? fc.oneof(vhtRate(), heRate(band)) : heRate(band);
  return band === '5GHz' ? fc.oneof(htRate(), vhtRate()) : htRate();
}

const station = (
  band: '2.4GHz' | '5GHz',
  i: number,
  driver: WifiConfig['driver'] = 'ath9k',
  heChip = false,
): fc.Arbitrary<WifiStationConfig> => {
  const rate = ratesFor(band, driver, heChip);
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

const ath10k = (): fc.Arbitrary<Ath10kConfig> =>
  fc.record({
    chip: fc.constantFrom('qca6174' as const, 'qca988x' as const, 'qca9984' as const),
    fwTxComplDelayUs: logInt(1, 2000).map((v) => v - 1),
    peerMaxAmpduBytes: fc.constantFrom(8191, 65535, 1_048_575),
    peerMaxMpduBytes: fc.constantFrom(3895 as const, 7991 as const, 11454 as const),
  });

const mt76 = (heChip: boolean): fc.Arbitrary<Mt76Config> =>
  fc.record({
    chip: heChip ? fc.constantFrom('mt7915' as const, 'mt7921' as const) : fc.constant('mt7615' as const),
    txFreeDelayUs: logInt(1, 2000).map((v) => v - 1),
    workerDelayUs: logInt(1, 200).map((v) => v - 1),
    peerMaxAmpduBytes: fc.constantFrom(65535, 1_048_575, 6_500_631),
  });

const wifi = (): fc.Arbitrary<WifiConfig> =>
  fc
    .record({
      topology: fc.constantFrom('local' as const, 'ap' as const),
      band: fc.constantFrom('2.4GHz' as const, '5GHz' as const),
      driverPick: fc.constantFrom('ath9k' as const, 'brcmfmac' as const, 'ath10k' as const, 'mt76' as const),
      heChip: fc.boolean(),
      nSta: fc.integer({ min: 1, max: 6 }),
    })
    .chain(({ topology, band, driverPick, heChip, nSta }) => {
      // brcmfmac is a station only; ath10k is modelled on 5 GHz (its VHT rates).
      const driver = driverPick === 'brcmfmac' && topology !== 'local' ? 'ath9k' : driverPick;
      const useBrcm = driver === 'brcmfmac';
      const n = topology === 'local' ? 1 : nSta;
      return fc.record({
        topology: fc.constant(topology),
        band: fc.constant(band),
        driver: fc.constant(driver),
        tcpSender:
          topology === 'local'
            ? fc.constantFrom('device' as const, 'wired' as const)
            : fc.constantFrom('wired' as const, 'device' as const, 'stations' as const),
        queueing: fc.constantFrom('itxq' as const, 'legacy' as const),
        stations: fc.tuple(...Array.from({ length: n }, (_, i) => station(band, i, driver, heChip))),
        txStatusDelayUs: logInt(1, 1000).map((v) => v - 1),
        rxIntrMitigationLastUs: fc.oneof(fc.constant(0), logInt(1, 2000)),
        rxIntrMitigationFirstUs: logInt(1, 5000),
        legacyMaxPending: logInt(1, 256),
        wiredRateBps: logInt(1e7, 1e9),
        wiredPropagationUs: logInt(1, 20_000).map((v) => v - 1),
        airtimeFairness: fc.boolean(),
        aql: fc.boolean(),
        brcmfmac: useBrcm ? brcmfmac() : fc.constant(null),
        ath10k: driver === 'ath10k' ? ath10k() : fc.constant(null),
        mt76: driver === 'mt76' ? mt76(heChip) : fc.constant(null),
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
      shaper: null,
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
    // The explorer refuses TCP_TX_DELAY in a kernel without EDT (validation).
    const valid = set.map((st) => {
      const sc = p.scenario();
      const era = (st.era ?? sc.era) as EraId;
      const pacing = (
        st['kernel.pacing'] === undefined ? sc.kernel.pacing : st['kernel.pacing']
      ) as KernelConfig['pacing'];
      const edt = hasEdt(kernelFeatures({ era, kernel: { ...sc.kernel, pacing } }));
      const out = edt || !st['tcp.tx_delay_us'] ? st : { ...st, 'tcp.tx_delay_us': 0 };
      // Validation refuses cake before 4.19 (sch_cake's merge): htb stands in for it there.
      const preCake = ['3.6', '4.1', '4.9', '4.16', '4.17'].includes(era);
      return preCake && out['router.shaper.kind'] === 'cake' ? { ...out, 'router.shaper.kind': 'htb' } : out;
    });
    return fc.record({ id: fc.constant(p.id), set: valid });
  });
