/**
 * CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), the check a gzip
 * member's trailer holds (RFC 1952 §2.3.1, §8). fflate computes it to write
 * gzip but neither exports it nor checks it when reading, so the reader
 * keeps its own, one byte per table step, updated chunk by chunk.
 */
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** A running CRC-32: `update` with each chunk in order, then `value`. */
export class Crc32 {
  private c = 0xffffffff;

  update(bytes: Uint8Array): void {
    let c = this.c;
    for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    this.c = c;
  }

  /** The CRC-32 of everything passed to `update`, as an unsigned 32-bit number. */
  value(): number {
    return (this.c ^ 0xffffffff) >>> 0;
  }
}

/** The CRC-32 of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  const c = new Crc32();
  c.update(bytes);
  return c.value();
}
