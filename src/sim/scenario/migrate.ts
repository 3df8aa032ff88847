/**
 * Scenario files of older schema versions, upgraded step by step to the
 * current one (SCENARIO_SCHEMA). Each step is frozen: it fills in the values
 * that schema version implied, never today's preset defaults.
 *
 * Schema 0 (the wired-only format before WiFi, routers and the CPU model):
 * - `tcp.limitOutputBytes` and `tcp.pacingShift` were renamed to the sysctl
 *   and sock field names `tcp.tcp_limit_output_bytes` / `tcp.sk_pacing_shift`;
 * - `link.rateMbps` (Mbit/s) became `link.rateBps` (bit/s), and
 *   `link.delayMs` (one-way, ms) became `link.propagationUs` (µs);
 * - `wifi`, `router`, `cpu`, `receiver` and `pingIntervalMs` did not exist:
 *   a schema-0 run had no WiFi, no router, no CPU cost model, a receiver with
 *   a 20 µs GRO interval and 40 ms delayed ACK, and no ping.
 *
 * Schema 1: `wifi.rxIntrMitigationLastUs` / `wifi.rxIntrMitigationFirstUs`
 * did not exist; a schema-1 run handed every received frame up at once (0 / 0).
 *
 * Schema 2: `changes` (knob changes at simulated times) did not exist, so a
 * schema-2 run kept its knobs as they started; no interface had a shaper (`shaper`, `router.shaper`
 * null), and the router's egress device was fixed at 256 ring slots with BQL
 * and completion right after the last bit (`router.ringSlots`, `router.bql`,
 * `router.completion`); `wifi.tcpSender`, `wifi.ath10k`, `wifi.mt76` and
 * `cpu.platform` did not exist (see wifiDriversAndCpuPlatform); and there was
 * no `kernel` block and no `link.tso`. A schema-2 file chose its kernel
 * behaviours through the era alone, so they stay the era's (null), except
 * `tcp.min_tso_segs`, which moves to `kernel.tcp_min_tso_segs` with
 * its value; `link.sg` switched TSO with it, so `link.tso` takes its value.
 *
 * Schema 2, the receiver and the path (receiverAndPathFromSchema2): a
 * schema-2 run had no receive window, one path shared by every flow and no
 * RX interrupt coalescing. The migrated file gets a receiver that does not
 * set SO_RCVBUF with its era's sysctls (the kernel's own autotuning of that
 * era, a fixed table), net.core.rmem_max 212992, 2048-byte RX buffers,
 * `link.rxCoalesce` 0 µs / 1 frame (each frame at once) and no `tcp.perFlow`.
 */
import { ZERO_COSTS } from '../model/cpu/cpu';
import { ERA_DEFAULT_KERNEL } from './kernel';
import { SCENARIO_SCHEMA } from './scenario';
import { ScenarioError, show } from './validate';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Moves `from` to `to` inside `o`, converting the value; both present is an error. */
function rename(
  o: Json,
  where: string,
  from: string,
  to: string,
  errors: string[],
  convert: (v: unknown) => unknown = (v) => v,
): void {
  if (!Object.hasOwn(o, from)) return;
  if (Object.hasOwn(o, to)) {
    errors.push(`${where}.${from} (schema 0) and ${where}.${to} (schema 1) are both given: keep one`);
    return;
  }
  const v = o[from];
  delete o[from];
  o[to] = convert(v);
}

/** Multiplies a number, passing anything else through for validation to name. */
const scale = (k: number) => (v: unknown) => (typeof v === 'number' ? v * k : v);

function fromSchema0(raw: Json, errors: string[]): Json {
  const out: Json = { ...raw, schema: 1 };
  if (isObject(raw.tcp)) {
    const tcp = { ...raw.tcp };
    rename(tcp, 'tcp', 'limitOutputBytes', 'tcp_limit_output_bytes', errors);
    rename(tcp, 'tcp', 'pacingShift', 'sk_pacing_shift', errors);
    out.tcp = tcp;
  }
  if (isObject(raw.link)) {
    const link = { ...raw.link };
    rename(link, 'link', 'rateMbps', 'rateBps', errors, scale(1e6));
    rename(link, 'link', 'delayMs', 'propagationUs', errors, scale(1000));
    if (!Object.hasOwn(link, 'xen')) link.xen = null;
    out.link = link;
  }
  const fill = (k: string, v: unknown): void => {
    if (!Object.hasOwn(out, k)) out[k] = v;
  };
  fill('router', null);
  fill('wifi', null);
  fill('pingIntervalMs', 0);
  fill('receiver', { groWindowUs: 20, delackMs: 40 });
  fill('cpu', { enabled: false, ...ZERO_COSTS });
  return out;
}

/** Schema 1 had no RX interrupt mitigation: every received frame reached the host at once. */
function fromSchema1(raw: Json): Json {
  const out: Json = { ...raw, schema: 2 };
  if (isObject(raw.wifi)) {
    const wifi = { ...raw.wifi };
    if (!Object.hasOwn(wifi, 'rxIntrMitigationLastUs')) wifi.rxIntrMitigationLastUs = 0;
    if (!Object.hasOwn(wifi, 'rxIntrMitigationFirstUs')) wifi.rxIntrMitigationFirstUs = 0;
    out.wifi = wifi;
  }
  return out;
}

/** Schema 2 had no scheduled changes. */
function fromSchema2Changes(raw: Json): Json {
  return { ...raw, changes: Object.hasOwn(raw, 'changes') ? raw.changes : [] };
}

/** Schema 2 had no shapers and a fixed router device (see the header). */
function fromSchema2Shapers(raw: Json): Json {
  const out: Json = { ...raw };
  if (!Object.hasOwn(out, 'shaper')) out.shaper = null;
  if (isObject(raw.router)) {
    const router: Json = { ...raw.router };
    const fill = (k: string, v: unknown): void => {
      if (!Object.hasOwn(router, k)) router[k] = v;
    };
    fill('ringSlots', 256);
    fill('bql', true);
    fill('completion', { kind: 'immediate', delayNs: 0 });
    fill('shaper', null);
    out.router = router;
  }
  return out;
}

/**
 * Schema 2 had no choice of where WiFi TCP runs, no ath10k or mt76, and no
 * CPU platform presets: a 'local' scene's TCP ran on the device, an 'ap'
 * scene's on the wired host; CPU costs were the fields given.
 */
function wifiDriversAndCpuPlatform(raw: Json): Json {
  const out: Json = { ...raw };
  if (isObject(raw.cpu) && !Object.hasOwn(raw.cpu, 'platform')) out.cpu = { ...raw.cpu, platform: null };
  if (isObject(raw.wifi)) {
    const wifi = { ...raw.wifi };
    if (!Object.hasOwn(wifi, 'tcpSender')) wifi.tcpSender = wifi.topology === 'ap' ? 'wired' : 'device';
    if (!Object.hasOwn(wifi, 'ath10k')) wifi.ath10k = null;
    if (!Object.hasOwn(wifi, 'mt76')) wifi.mt76 = null;
    out.wifi = wifi;
  }
  return out;
}

/** Schema 2 had no `kernel` block: the era's behaviours, with tcp.min_tso_segs moved in; TSO went with SG. */
function kernelBlockFromSchema2(raw: Json, errors: string[]): Json {
  const out: Json = { ...raw };
  const kernel: Json = { ...ERA_DEFAULT_KERNEL };
  if (isObject(raw.tcp)) {
    const tcp = { ...raw.tcp };
    if (Object.hasOwn(tcp, 'min_tso_segs')) {
      kernel.tcp_min_tso_segs = tcp.min_tso_segs;
      delete tcp.min_tso_segs;
    }
    out.tcp = tcp;
  }
  if (Object.hasOwn(raw, 'kernel'))
    errors.push('kernel is a schema-3 block: a schema-2 file cannot carry it');
  out.kernel = kernel;
  if (isObject(raw.link) && !Object.hasOwn(raw.link, 'tso')) out.link = { ...raw.link, tso: raw.link.sg };
  return out;
}

/** Schema 2 → 3 for the receive buffer, the sender NIC's RX coalescing and per-flow paths. */
function receiverAndPathFromSchema2(raw: Json): Json {
  const out: Json = { ...raw };
  const fill = (o: Json, k: string, v: unknown): void => {
    if (!Object.hasOwn(o, k)) o[k] = v;
  };
  if (isObject(raw.receiver)) {
    const r = { ...raw.receiver };
    fill(r, 'so_rcvbuf', null);
    fill(r, 'tcp_rmem', null);
    fill(r, 'rmem_max', 212992);
    fill(r, 'rxBufBytes', 2048);
    out.receiver = r;
  }
  if (isObject(raw.link)) {
    const link = { ...raw.link };
    fill(link, 'rxCoalesce', { usecs: 0, frames: 1 });
    out.link = link;
  }
  if (isObject(raw.tcp)) {
    const tcp = { ...raw.tcp };
    fill(tcp, 'perFlow', null);
    out.tcp = tcp;
  }
  return out;
}

function fromSchema2(raw: Json, errors: string[]): Json {
  const upgraded = wifiDriversAndCpuPlatform(fromSchema2Shapers(fromSchema2Changes(raw)));
  return { ...kernelBlockFromSchema2(receiverAndPathFromSchema2(upgraded), errors), schema: 3 };
}

/** Steps indexed by the version they upgrade from. */
const STEPS: ((raw: Json, errors: string[]) => Json)[] = [fromSchema0, fromSchema1, fromSchema2];

/**
 * Upgrades a parsed scenario to the current schema. Returns a new object
 * (the input is not changed); throws ScenarioError naming the problem.
 */
export function migrateScenario(raw: Json): Json {
  const v = raw.schema;
  if (v === undefined) {
    throw new ScenarioError([
      `schema is missing: expected the scenario schema version (0 to ${SCENARIO_SCHEMA})`,
    ]);
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw new ScenarioError([
      `schema = ${show(v)} is not allowed: expected an integer version from 0 to ${SCENARIO_SCHEMA}`,
    ]);
  }
  if (v > SCENARIO_SCHEMA) {
    throw new ScenarioError([`schema = ${v} is newer than this TSQ Lab understands (${SCENARIO_SCHEMA})`]);
  }
  let cur = raw;
  for (let from = v; from < SCENARIO_SCHEMA; from++) {
    const errors: string[] = [];
    cur = STEPS[from](cur, errors);
    if (errors.length) throw new ScenarioError(errors);
  }
  return cur;
}
