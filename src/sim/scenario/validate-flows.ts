/**
 * Cross-field rules of the receive buffer and of tcp.perFlow (./validate.ts
 * runs them after the per-field checks; each reads only fields whose type
 * is right, since those checks name the rest).
 */
import type { Scenario } from './scenario';

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** SO_RCVBUF below this stalls the sender: the window must hold a whole segment (the model sends whole MSS). */
export const MIN_RCVBUF_SEGMENTS = 4;

export function receiverRules(s: Scenario, errors: string[]): void {
  const r = s.receiver as unknown;
  const mss = isObject(s.tcp) ? s.tcp.mssBytes : undefined;
  if (!isObject(r)) return;
  if (isNum(r.so_rcvbuf) && isNum(mss) && r.so_rcvbuf < MIN_RCVBUF_SEGMENTS * mss) {
    errors.push(
      `receiver.so_rcvbuf = ${r.so_rcvbuf} is too small: the window it backs would not hold a segment of tcp.mssBytes = ${mss}; use at least ${MIN_RCVBUF_SEGMENTS * mss}, or null for autotuning`,
    );
  }
  const rm = r.tcp_rmem;
  if (isObject(rm) && isNum(rm.minBytes) && isNum(rm.defaultBytes) && isNum(rm.maxBytes)) {
    if (!(rm.minBytes <= rm.defaultBytes && rm.defaultBytes <= rm.maxBytes))
      errors.push(
        `receiver.tcp_rmem = ${rm.minBytes} ${rm.defaultBytes} ${rm.maxBytes} is not allowed: expected minBytes ≤ defaultBytes ≤ maxBytes`,
      );
  }
}

/** UDP flows run on wired scenarios only (the WiFi builders do not route them yet). */
export function udpRules(s: Scenario, errors: string[]): void {
  if (Array.isArray(s.udpFlows) && s.udpFlows.length > 0 && s.wifi !== null && s.wifi !== undefined)
    errors.push('udpFlows applies only to a wired scenario for now: with wifi set, leave udpFlows out');
  (Array.isArray(s.udpFlows) ? (s.udpFlows as unknown[]) : []).forEach((f, i) => {
    if (!isObject(f)) return;
    if (isNum(f.startMs) && isNum(s.durationMs) && f.startMs >= s.durationMs)
      errors.push(`udpFlows.${i}.startMs = ${f.startMs} must be less than durationMs = ${s.durationMs}`);
    if (isNum(f.startMs) && isNum(f.stopMs) && f.stopMs <= f.startMs)
      errors.push(
        `udpFlows.${i}.stopMs = ${f.stopMs} must be later than udpFlows.${i}.startMs = ${f.startMs}`,
      );
  });
}

/** Each UDP probe starts within the run and stops after it starts. */
export function udpProbeRules(s: Scenario, errors: string[]): void {
  const probes = Array.isArray(s.udpProbes) ? (s.udpProbes as unknown[]) : [];
  probes.forEach((p, i) => {
    if (!isObject(p)) return;
    if (isNum(p.startMs) && isNum(s.durationMs) && p.startMs >= s.durationMs)
      errors.push(`udpProbes.${i}.startMs = ${p.startMs} must be less than durationMs = ${s.durationMs}`);
    if (isNum(p.startMs) && isNum(p.stopMs) && p.stopMs <= p.startMs)
      errors.push(
        `udpProbes.${i}.stopMs = ${p.stopMs} must be later than udpProbes.${i}.startMs = ${p.startMs}`,
      );
  });
}

export function perFlowRules(s: Scenario, errors: string[]): void {
  const t = s.tcp as unknown;
  if (!isObject(t) || !Array.isArray(t.perFlow)) return;
  const flows = t.perFlow as unknown[];
  if (s.wifi !== null && s.wifi !== undefined)
    errors.push(
      'tcp.perFlow applies only to a wired scenario (it gives each flow a wired host of its own): with wifi set, set tcp.perFlow or wifi to null',
    );
  if (isNum(t.flows) && t.flows !== flows.length)
    errors.push(`tcp.perFlow lists ${flows.length} flows but tcp.flows = ${t.flows}: they must match`);
  const link = s.link as unknown;
  const router = s.router as unknown;
  const linkUs = isObject(link) && isNum(link.propagationUs) ? link.propagationUs : NaN;
  const routerUs = isObject(router) && isNum(router.propagationUs) ? router.propagationUs : 0;
  const sharedRttUs = 2 * (linkUs + routerUs);
  const mss = t.mssBytes;
  flows.forEach((f, i) => {
    if (!isObject(f)) return;
    const at = `tcp.perFlow.${i}`;
    if (isNum(f.rttUs) && f.rttUs < sharedRttUs)
      errors.push(
        `${at}.rttUs = ${f.rttUs} is below the ${sharedRttUs} µs the shared path takes (2 × (link.propagationUs + router.propagationUs)): raise it, or use null for the shared path`,
      );
    if (isNum(f.startMs) && isNum(s.durationMs) && f.startMs >= s.durationMs)
      errors.push(`${at}.startMs = ${f.startMs} must be less than durationMs = ${s.durationMs}`);
    if (isNum(f.startMs) && isNum(f.stopMs) && f.stopMs <= f.startMs)
      errors.push(`${at}.stopMs = ${f.stopMs} must be later than ${at}.startMs = ${f.startMs}`);
    if (isNum(f.so_rcvbuf) && isNum(mss) && f.so_rcvbuf < MIN_RCVBUF_SEGMENTS * mss)
      errors.push(
        `${at}.so_rcvbuf = ${f.so_rcvbuf} is too small: the window it backs would not hold a segment of tcp.mssBytes = ${mss}; use at least ${MIN_RCVBUF_SEGMENTS * mss}, or null for receiver.so_rcvbuf`,
      );
  });
}
