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

function refuse(st: Stats, maxBytes: number): void {
  const kind = kindOf(st);
  if (kind) throw new Error(`it is ${kind}, not a regular file: a scenario is a JSON file`);
  if (st.size > maxBytes)
    throw new Error(
      `it has ${st.size} bytes: a scenario file has at most ${maxBytes} (a scenario is a few KB)`,
    );
}

const reason = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'there is no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? (e instanceof Error ? e.message : String(e));
};

/** The file's text; throws an Error whose message says why it was not read (the caller names the path). */
export function readScenarioFile(path: string, maxBytes = MAX_SCENARIO_FILE_BYTES): string {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw new Error(reason(e), { cause: e });
  }
  refuse(st, maxBytes);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new Error(reason(e), { cause: e });
  }
  try {
    refuse(fstatSync(fd), maxBytes);
    // One byte more than allowed tells a file that grew since the stat.
    const buf = Buffer.alloc(maxBytes + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n > maxBytes)
        throw new Error(`it has more than ${maxBytes} bytes: a scenario file has at most ${maxBytes}`);
    }
    return buf.toString('utf8', 0, n);
  } finally {
    closeSync(fd);
  }
}
