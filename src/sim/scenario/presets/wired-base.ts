/** A plain wired host: the defaults every wired preset starts from. */
import { ZERO_COSTS } from '../../model/cpu/cpu';
import { ERA_DEFAULT_KERNEL } from '../kernel';
import { RMEM_MAX_DEFAULT } from '../../model/tcp/rcv-tuning';
import { RX_BUF_BYTES } from '../rcv-eras';
import { DEFAULT_QDISC, SCENARIO_SCHEMA, type Scenario } from '../scenario';

export function wiredBase(): Scenario {
  return {
    schema: SCENARIO_SCHEMA,
    title: 'Wired host',
    era: '6.6',
    kernel: { ...ERA_DEFAULT_KERNEL },
    durationMs: 5000,
    warmupMs: 1000,
    sampleIntervalUs: 1000,
    tcp: {
      cc: 'cubic',
      flows: 1,
      mssBytes: 1448,
      initialCwnd: 10,
      sndbufBytes: 4 * 1024 * 1024,
      tcp_limit_output_bytes: null,
      sk_pacing_shift: null,
      tx_delay_us: 0,
      maxPacingRateBps: 0,
      perFlow: null,
    },
    cpu: { enabled: false, platform: null, ...ZERO_COSTS },
    qdisc: { ...DEFAULT_QDISC },
    shaper: null,
    link: {
      rateBps: 1e9,
      propagationUs: 50,
      ringSlots: 256,
      bql: true,
      sg: true,
      tso: true,
      gsoMaxSizeBytes: 65536,
      completion: { kind: 'immediate', delayNs: 5000 },
      xen: null,
      rxCoalesce: { usecs: 0, frames: 1 },
    },
    router: null,
    receiver: {
      groWindowUs: 20,
      delackMs: 40,
      so_rcvbuf: null,
      tcp_rmem: null,
      rmem_max: RMEM_MAX_DEFAULT,
      rxBufBytes: RX_BUF_BYTES,
    },
    pingIntervalMs: 0,
    wifi: null,
    changes: [],
  };
}
