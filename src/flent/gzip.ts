/**
 * The bytes of a Flent file: gzip (what Flent writes, `.flent.gz`) or plain
 * JSON text. fflate is pure JavaScript, so the same code runs in the
 * browser, the worker and Node.
 *
 * A gzip file is inflated a step of compressed input at a time and the
 * output counted after each step, so a bomb (a small file that inflates to
 * gigabytes) is refused once the output passes the cap, having made at most
 * the cap and one step. The output is decoded to text as it comes (the bytes
 * are not kept), the trailer's CRC-32 and length are checked (fflate checks
 * neither), and a second member or bytes after the stream are refused: a
 * Flent file is one gzip stream.
 */
import { DecodeUTF8, Gunzip, gzipSync, strFromU8, strToU8, type FlateError } from 'fflate';
import { Crc32 } from './crc32';
import { FlentFileError } from './errors';

/** Larger decompressed files are refused (Flent's own 10-minute rtt_fair runs are ~20 MB). */
export const MAX_FLENT_JSON_BYTES = 256 * 1024 * 1024;

/**
 * Compressed bytes inflated per step. Deflate expands at most 1032:1 (a
 * 258-byte match in 2 bits), so one step makes at most ~17 MB of output.
 */
export const GUNZIP_STEP_BYTES = 16 * 1024;

/** How far a gzip file has been read: compressed bytes read of all, bytes decompressed so far. */
export interface FlentTextProgress {
  readBytes: number;
  totalBytes: number;
  outBytes: number;
}

export interface FlentTextOptions {
  /** The decompressed (or plain) size above which the file is refused. */
  maxBytes?: number;
  /** Told after each step of a gzip file. */
  onProgress?: (p: FlentTextProgress) => void;
}

/** gzip's fixed header (10 bytes) and trailer (CRC-32, length: 8 bytes). */
const GZIP_MIN_BYTES = 18;

const isGzip = (b: Uint8Array): boolean => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
const isBzip2 = (b: Uint8Array): boolean => b.length >= 3 && b[0] === 0x42 && b[1] === 0x5a && b[2] === 0x68;
const u32 = (b: Uint8Array, at: number): number =>
  (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const hex = (n: number): string => n.toString(16).padStart(8, '0');
const mb = (n: number): string => `${n / 1024 / 1024} MB`;

const truncated = (cause?: unknown) =>
  new FlentFileError('the gzip stream ends early: the file is truncated', { cause });

function checkHeader(b: Uint8Array, maxBytes: number): void {
  if (b.length < GZIP_MIN_BYTES) throw truncated();
  if (b[2] !== 8)
    throw new FlentFileError(`the gzip header names compression method ${b[2]}, not deflate (8)`);
  // ISIZE is the length mod 2^32: a claim above the cap is refused before inflating anything
  // (a larger bomb can claim less, and is stopped at the cap instead).
  const claimed = u32(b, b.length - 4);
  if (claimed > maxBytes)
    throw new FlentFileError(
      `the file's last 4 bytes (gzip's length field) give its decompressed size as ${claimed} bytes: more than the ${mb(maxBytes)} this reads (or the file is damaged, or has bytes after its gzip stream)`,
    );
}

/** The stream ended and its CRC-32 and length are `crc`, `size`: the trailer must be the file's last 8 bytes. */
function checkTrailer(b: Uint8Array, crc: number, size: number): void {
  const matches = (end: number) => u32(b, end - 8) === crc && u32(b, end - 4) === size >>> 0;
  if (matches(b.length)) return;
  // fflate waits for a 4-byte header after a member, so 1–3 bytes after the stream reach here.
  for (let extra = 1; extra <= 3; extra++)
    if (b.length - extra >= GZIP_MIN_BYTES && matches(b.length - extra))
      throw new FlentFileError(
        `the file has ${extra} byte${extra > 1 ? 's' : ''} after its gzip stream (which decompresses to ${size} bytes): a Flent file ends with its stream`,
      );
  throw new FlentFileError(
    `the gzip trailer does not match the data: CRC-32 ${hex(u32(b, b.length - 8))} and length ${u32(b, b.length - 4)} in the file, ${hex(crc)} and ${size} of what it decompresses to; the file is truncated or damaged`,
  );
}

function gunzipError(e: unknown, readBytes: number, totalBytes: number): FlentFileError {
  if (e instanceof FlentFileError) return e;
  const code = (e as Partial<FlateError>).code;
  if (code === 0) return truncated(e);
  // The first header was checked: a later one is whatever follows the first member.
  if (code === 6)
    return new FlentFileError(
      `the file has bytes after its gzip stream that are not a gzip member (read ${readBytes} of its ${totalBytes} bytes): a Flent file is one gzip stream`,
      { cause: e },
    );
  if (code === 8)
    return new FlentFileError(
      'the file decompresses to text that is not UTF-8 (it ends inside a character)',
      {
        cause: e,
      },
    );
  return new FlentFileError(`the file is not a readable gzip stream (${(e as Error).message})`, { cause: e });
}

function gunzipText(
  bytes: Uint8Array,
  maxBytes: number,
  onProgress?: (p: FlentTextProgress) => void,
): string {
  checkHeader(bytes, maxBytes);
  const parts: string[] = [];
  const utf8 = new DecodeUTF8((s) => void (s.length && parts.push(s)));
  const crc = new Crc32();
  let outBytes = 0;
  let readBytes = 0;
  const g = new Gunzip((chunk, final) => {
    outBytes += chunk.length;
    if (outBytes > maxBytes)
      throw new FlentFileError(
        `the file decompresses to more than ${mb(maxBytes)} (refused after inflating ${readBytes} of its ${bytes.length} bytes)`,
      );
    crc.update(chunk);
    utf8.push(chunk, final);
  });
  g.onmember = (offset) => {
    throw new FlentFileError(
      `the file holds a second gzip member at byte ${offset} (the first decompresses to ${outBytes} bytes): a Flent file is one gzip stream`,
    );
  };
  try {
    while (readBytes < bytes.length) {
      const step = bytes.subarray(readBytes, readBytes + GUNZIP_STEP_BYTES);
      readBytes += step.length;
      g.push(step, false);
      onProgress?.({ readBytes, totalBytes: bytes.length, outBytes });
    }
    g.push(new Uint8Array(0), true);
  } catch (e) {
    throw gunzipError(e, readBytes, bytes.length);
  }
  checkTrailer(bytes, crc.value(), outBytes);
  return parts.join('');
}

/** The JSON text of a Flent file's bytes (gzip'd or plain). */
export function flentText(bytes: Uint8Array, options: FlentTextOptions | number = {}): string {
  // A number is the cap alone, as the package's first release took it.
  const opts: FlentTextOptions = typeof options === 'number' ? { maxBytes: options } : options;
  const maxBytes = opts.maxBytes ?? MAX_FLENT_JSON_BYTES;
  if (bytes.length === 0) throw new FlentFileError('the file is empty');
  if (isBzip2(bytes))
    throw new FlentFileError(
      'the file is bzip2-compressed (.flnt); decompress it (bunzip2) or save it from Flent as .flent.gz',
    );
  if (isGzip(bytes)) return gunzipText(bytes, maxBytes, opts.onProgress);
  if (bytes.length > maxBytes) throw new FlentFileError(`the file is larger than ${mb(maxBytes)}`);
  try {
    return strFromU8(bytes);
  } catch (e) {
    throw new FlentFileError('the file is neither gzip nor UTF-8 text', { cause: e });
  }
}

/**
 * gzip of `text`. The header's mtime is `mtimeMs` (the run's time), so the
 * same run always gives the same bytes.
 */
export function gzipText(text: string, mtimeMs: number): Uint8Array {
  return gzipSync(strToU8(text), { level: 6, mtime: Math.max(0, Math.floor(mtimeMs)) });
}
