/** Received frames (the AP's TCP ACKs) reach the host only through an SDIO read, which shares the half-duplex bus with writes. */
import { describe, expect, it } from 'vitest';
import { dataSkb, rig } from './brcmfmac-testkit';

/** A bare TCP ACK: headers only. */
const ackSkb = () => dataSkb(0, 0);

describe('brcmfmac receive over SDIO', () => {
  it('hands a received frame up after one read: transfer overhead plus its bytes', () => {
    const r = rig({ fcMode: 0 });
    const ack = ackSkb();
    r.dev.receiveFromAir(ack, 1000);
    r.sim.runUntil(10_000_000);
    const t = r.receivedAt.get(ack);
    expect(t).toBeDefined();
    const minNs = r.opts.bus.perTransferOverheadNs + Math.ceil((ack.l2Bytes * 1e9) / r.opts.bus.bytesPerSec);
    expect(t! - 1000).toBeGreaterThanOrEqual(minNs);
    expect(t! - 1000).toBeLessThan(minNs + 10_000);
  });

  it('batches frames waiting for the bus into one read, in order', () => {
    const r = rig({ fcMode: 0 });
    // A long write occupies the bus first; three ACKs arrive meanwhile.
    for (let i = 0; i < 32; i++) r.send(dataSkb(0, 1448), 0);
    const acks = [ackSkb(), ackSkb(), ackSkb()];
    acks.forEach((a, i) =>
      r.sim.at(10_000 + i * 1000, { handleEvent: (_k, _a, now) => r.dev.receiveFromAir(a, now) }, 0),
    );
    r.sim.runUntil(20_000_000);
    const times = acks.map((a) => r.receivedAt.get(a)!);
    expect(new Set(times).size).toBe(1);
    // Half duplex: the read starts only after the 32-packet write (≈ 48 KB at the bus rate).
    const writeNs = Math.ceil((32 * 1448 * 1e9) / r.opts.bus.bytesPerSec);
    expect(times[0]).toBeGreaterThan(writeNs);
  });
});
