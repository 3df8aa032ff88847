/**
 * "brcmfmac: Set pacing shift before transmitting skb to bus" (Wright Feng,
 * June 2020): BCM43455 TX TCP throughput by firmware-signalling flow-control
 * mode and sk_pacing_shift. In FC modes 1 and 2 the host keeps every skb in
 * the hanger until the firmware's TX status, so TSQ waits for the whole
 * bus + firmware + air + status round trip; in mode 0 the skb is freed when
 * the SDIO transfer completes.
 */
import type { Preset, TableCell, TableRun } from './preset';
import { wifiLocalBase } from './wifi-base';
import { vht } from '../wifi-config';

const MODES = [0, 1, 2] as const;
const SHIFTS = [10, 9, 8, 7] as const;
const PUBLISHED: Record<number, Record<number, number>> = {
  0: { 10: 245, 9: 245, 8: 246, 7: 246 },
  1: { 10: 182, 9: 197, 8: 206, 7: 207 },
  2: { 10: 180, 9: 197, 8: 206, 7: 207 },
};

const runs: TableRun[] = [];
const cells: TableCell[] = [];
for (const fc of MODES) {
  for (const s of SHIFTS) {
    const id = `fc${fc}/shift${s}`;
    runs.push({ id, set: { 'wifi.brcmfmac.fcMode': fc, 'tcp.sk_pacing_shift': s } });
    cells.push({
      label: id,
      unit: 'Mbit/s',
      published: PUBLISHED[fc][s],
      tolerance: { rel: 0.1 },
      simulated: (r) => r[id].goodputBps / 1e6,
    });
  }
}

export const brcmfmacFcMode: Preset = {
  id: 'brcmfmac-fc-mode',
  title: 'brcmfmac (BCM43455): FC mode × sk_pacing_shift',
  description:
    'A Raspberry-Pi-class host sends TCP through a BCM43455 on SDIO. With firmware flow control the skb stays in the hanger until the firmware reports its TX status, so TX completion is late and TSQ bites; without it, the shift barely matters.',
  source: 'brcmfmac-pacing-shift',
  params: [
    'tcp.sk_pacing_shift',
    'wifi.brcmfmac.fcMode',
    'tcp.tcp_limit_output_bytes',
    'tcp.cc',
    'qdisc.kind',
    'era',
  ],
  scenario: () => {
    const sc = wifiLocalBase();
    sc.title = 'BCM43455 on SDIO, VHT80 MCS8 1SS, FC mode 0, sk_pacing_shift 10 (Linux 5.4)';
    sc.era = '5.4';
    sc.tcp.sk_pacing_shift = 10;
    const w = sc.wifi!;
    w.driver = 'brcmfmac';
    w.stations = [
      {
        name: 'AP',
        rate: vht(8, 1, 80, false),
        uplinkRate: vht(9, 2, 80, true),
        frameErrorRate: 0,
        snrDb: null,
        rateControl: 'fixed',
      },
    ];
    w.brcmfmac = {
      fcMode: 0,
      initialCredits: [9, 39, 18, 9],
      creditBackBatch: 20,
      busBytesPerSec: 50_000_000,
      busTransferOverheadUs: 40,
      busMaxPktsPerTransfer: 32,
      firmwareQueuePkts: 128,
      firmwareTxStatusLatencyUs: 1500,
      firmwareTxStatusBatch: 8,
      firmwareMaxAmpduFrames: 64,
      firmwareMaxAirtimeUs: 5416,
    };
    return sc;
  },
  constants: [
    {
      path: 'wifi.stations.0.rate',
      why: 'BCM43455 at VHT80 MCS8, one stream, long GI (351 Mbit/s): rate control one step below the top rate at a few metres.',
    },
    { path: 'wifi.brcmfmac.busBytesPerSec', why: 'SDIO 3.0 SDR50 4-bit: 50 MB/s.' },
    {
      path: 'wifi.brcmfmac.busTransferOverheadUs',
      why: 'Per SDIO transfer (CMD53 + interrupt + glom header), an estimate.',
    },
    {
      path: 'wifi.brcmfmac.initialCredits',
      why: 'Firmware credit map BK 9 / BE 39 / VI 18 / VO 9 (Broadcom tuning for 11ac 1×1 SDIO chips).',
    },
    {
      path: 'wifi.brcmfmac.firmwareTxStatusLatencyUs',
      why: 'From the BlockAck to the TX status being readable by the host (the dongle coalesces its proptxstatus signals; the host then needs the SDIO interrupt and the DPC work item). Not published, so inferred from one family of cells: FC 1/2 at shift 7, where TSQ no longer binds and the credit loop alone sets throughput (≈ 207 Mbit/s published). The shift 10/9 cells are predictions of the model, not fitted. At 100 µs FC 1/2 run at 215–228 Mbit/s.',
    },
  ],
  table: {
    method:
      'The patch mail gives one throughput per FC mode and shift, without saying it is a mean: each cell is one run (seed N).',
    caption: 'TX TCP throughput (Mbit/s) by FC mode and sk_pacing_shift (BCM43455, Linux 5.4.18)',
    columns: SHIFTS.map((s) => String(s)),
    rows: MODES.map((fc) => ({ label: `FC mode ${fc}`, cells: SHIFTS.map((s) => `fc${fc}/shift${s}`) })),
    runs,
    cells,
  },
};
