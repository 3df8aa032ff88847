/**
 * Reads a scenario file for the command line without trusting the path: it
 * is stat'ed first and refused unless it is a regular file (a device such as
 * /dev/zero or /dev/urandom never ends; a FIFO blocks until someone writes),
 * then opened without blocking, checked again on the open descriptor (the
 * path may have changed in between), and read only up to the size limit.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { MAX_SCENARIO_FILE_BYTES } from '../sim/scenario/load';

/** What a path is when it is not a regular file, in words. */
function kindOf(st: Stats): string | null {
  if (st.isFile()) return null;
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** A measured Flent file is gzip'd JSON: a long rrul run with many flows is a few MB. */
export const MAX_FLENT_FILE_BYTES = 64 * 1024 * 1024;

function refuse(st: Stats, maxBytes: number, what: string): void {
  const kind = kindOf(st);
  if (kind) throw new Error(`it is ${kind}, not a regular file: ${what} is a file`);
  if (st.size > maxBytes) throw new Error(`it has ${st.size} bytes: ${what} has at most ${maxBytes}`);
}

const reason = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'there is no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? (e instanceof Error ? e.message : String(e));
};

/** The file's text; throws an Error whose message says why it was not read (the caller names the path). */
export function readScenarioFile(path: string, maxBytes = MAX_SCENARIO_FILE_BYTES): string {
  return readRegularFile(path, maxBytes, 'a scenario file (JSON, a few KB)').toString('utf8');
}

/** At most `maxBytes` of a regular file, read as described above; `what` names the file in messages. */
export function readRegularFile(path: string, maxBytes: number, what: string): Buffer {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw new Error(reason(e), { cause: e });
  }
  refuse(st, maxBytes, what);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new Error(reason(e), { cause: e });
  }
  try {
    const fst = fstatSync(fd);
    refuse(fst, maxBytes, what);
    // One byte more than the size tells a file that grew since the stat.
    const buf = Buffer.alloc(Math.min(maxBytes, fst.size) + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length)
        throw new Error(
          n > maxBytes
            ? `it has more than ${maxBytes} bytes: ${what} has at most ${maxBytes}`
            : 'it grew while it was being read: try again once it is complete',
        );
    }
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
