/**
 * The bytes of a Flent file: gzip (what Flent writes, `.flent.gz`) or plain
 * JSON text. fflate is pure JavaScript, so the same code runs in the
 * browser, the worker and Node. Decompression streams with a size cap: a
 * damaged file's trailer can claim any length, and is never trusted.
 */
import { Gunzip, gzipSync, strFromU8, strToU8 } from 'fflate';
import { FlentFileError } from './errors';

/** Larger decompressed files are refused (Flent's own 10-minute rtt_fair runs are ~20 MB). */
export const MAX_FLENT_JSON_BYTES = 256 * 1024 * 1024;

const isGzip = (b: Uint8Array): boolean => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
const isBzip2 = (b: Uint8Array): boolean => b.length >= 3 && b[0] === 0x42 && b[1] === 0x5a && b[2] === 0x68;

function gunzip(bytes: Uint8Array, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const g = new Gunzip();
  g.ondata = (chunk, final) => {
    total += chunk.length;
    if (total > maxBytes)
      throw new FlentFileError(`the file decompresses to more than ${maxBytes / 1024 / 1024} MB`);
    chunks.push(chunk);
    if (final) ended = true;
  };
  try {
    g.push(bytes, true);
  } catch (e) {
    if (e instanceof FlentFileError) throw e;
    throw new FlentFileError(`the file is not a readable gzip stream (${(e as Error).message})`, {
      cause: e,
    });
  }
  if (!ended || total === 0) throw new FlentFileError('the gzip stream ends early: the file is truncated');
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The JSON text of a Flent file's bytes (gzip'd or plain). */
export function flentText(bytes: Uint8Array, maxBytes = MAX_FLENT_JSON_BYTES): string {
  if (bytes.length === 0) throw new FlentFileError('the file is empty');
  if (isBzip2(bytes))
    throw new FlentFileError(
      'the file is bzip2-compressed (.flnt); decompress it (bunzip2) or save it from Flent as .flent.gz',
    );
  const raw = isGzip(bytes) ? gunzip(bytes, maxBytes) : bytes;
  if (raw.length > maxBytes) throw new FlentFileError(`the file is larger than ${maxBytes / 1024 / 1024} MB`);
  try {
    return strFromU8(raw);
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
