/**
 * What the application above a TCP socket does, as the tools write:
 * - `bulk`: write after write of `writeBytes` as fast as the socket takes
 *   them (netperf TCP_STREAM `-m`, iperf3 `-l`; iperf3's TCP default is
 *   DEFAULT_TCP_BLKSIZE = 128 KiB, src/iperf_api.h);
 * - `rate`: iperf3 `-b`: the same writes, each only while the stream's
 *   average since its start is below the target (iperf_check_throttle in
 *   src/iperf_api.c), checked after each write and on a periodic timer of
 *   `pacingTimerUs` (`--pacing-timer`, default 1000 µs);
 * - `onoff`: bulk writes for `onMs`, none for `offMs`, over and over (a
 *   bursty application: repeated transfers with pauses between them).
 * - `rr`: netperf TCP_RR (./request-response.ts): a request, the server's
 *   response, the next request; `burst` more transactions in flight (-b).
 * `noDelay`: setsockopt(TCP_NODELAY) (iperf3 `-N`, netperf `-D`).
 * A flow without an application spec keeps the model's first writer: 16 KiB
 * netperf copies that never push a partial segment (../tcp/app-writer.ts).
 */

export type AppSpec =
  | { kind: 'bulk'; writeBytes: number; noDelay?: boolean }
  | { kind: 'rate'; rateBps: number; writeBytes: number; pacingTimerUs: number; noDelay?: boolean }
  | { kind: 'onoff'; writeBytes: number; onMs: number; offMs: number; noDelay?: boolean }
  | { kind: 'rr'; requestBytes: number; responseBytes: number; burst: number; noDelay?: boolean };

/** iperf3's DEFAULT_TCP_BLKSIZE (src/iperf_api.h: 128 * 1024). */
export const IPERF3_TCP_BLKSIZE_BYTES = 128 * 1024;
/** iperf3's DEFAULT_PACING_TIMER (src/iperf_api.h: 1000, in µs). */
export const IPERF3_PACING_TIMER_US = 1000;
/** iperf3's UDP default block: DEFAULT_UDP_BLKSIZE (src/iperf_api.h: 1460 bytes). */
export const IPERF3_UDP_BLKSIZE_BYTES = 1460;
