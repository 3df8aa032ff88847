/**
 * Flent's rrul ("Realtime Response Under Load", flent/tests/rrul.conf)
 * through sqm's htb + fq_codel on both sides of a home router: four TCP
 * uploads (netperf TCP_STREAM) and four TCP downloads (TCP_MAERTS) at once,
 * with an ICMP ping. The uplink is shaped on the router's WAN egress
 * (sqm-scripts simplest.qos `egress()`), the downlink on its ingress
 * (`ingress()`: an IFB with htb at DOWNLINK and fq_codel under it), which the
 * model puts on the router's egress toward the LAN host (`router.down`,
 * ../wired-reverse.ts). The uploads' ACKs share the download queue with the
 * download data, and the downloads' ACKs the upload queue with the uploads.
 *
 * rrul marks its four flows per direction BE, BK, CS5 and EF (netperf -Y);
 * nothing here reads a mark: simplest.qos has one htb class, fq_codel hashes
 * each flow to a queue of its own whatever its DSCP, and sqm clears the marks
 * on ingress (defaults.sh ZERO_DSCP_INGRESS=1). The names keep Flent's.
 * rrul's three UDP latency probes (UDP BE, BK, EF: irtt as Flent 2.1.1 runs
 * it, ../udp-probes.ts) and its ICMP ping go beside them.
 */
import type { FlowSpec } from '../scenario';
import { flentUdpProbe } from '../udp-probes';
import type { Preset } from './preset';
import { SQM_FQ_CODEL_LEAF, sqmHtb, sqmUplink } from './sqm-base';

/** rrul's marks, in rrul.conf's order (each the name of an upload and of a download). */
export const RRUL_MARKS = ['BE', 'BK', 'CS5', 'EF'] as const;
/** A VDSL2 vectoring line's 100/40 Mbit/s, shaped to 90 % as OpenWrt's SQM guide says. */
export const RRUL_DOWNLINK_BPS = 0.9 * 100e6;
export const RRUL_UPLINK_BPS = 0.9 * 40e6;

/** rrul.conf's UDP latency probes, as Flent names them ('Ping (ms) UDP BE' …). */
const RRUL_PROBES = ['UDP BE', 'UDP BK', 'UDP EF'];

const flows = (): FlowSpec[] =>
  (['up', 'down'] as const).flatMap((direction) =>
    RRUL_MARKS.map((mark) => ({
      name: `${direction === 'up' ? 'upload' : 'download'} ${mark}`,
      rttUs: null,
      startMs: 0,
      stopMs: null,
      cc: null,
      direction,
    })),
  );

export const rrulHtbFqCodel: Preset = {
  id: 'rrul-htb-fq-codel',
  title: 'rrul: four uploads and four downloads through sqm’s htb + fq_codel (36/90 Mbit/s)',
  description:
    'Flent’s rrul test through a home router shaped by sqm on both sides: four CUBIC uploads and four CUBIC downloads (named BE, BK, CS5, EF as rrul marks them), three UDP latency probes and a ping. htb holds the uplink at 36 Mbit/s and the downlink at 90 Mbit/s (90 % of a 40/100 Mbit/s VDSL2 line), fq_codel under each; the uploads’ ACKs wait in the download queue beside the download data, and the downloads’ ACKs in the upload queue. Switch either leaf to pfifo to see the bufferbloat rrul was written to show.',
  params: [
    'router.ingressGro',
    'router.shaper.leaf',
    'router.shaper.rateBps',
    'router.down.shaper.leaf',
    'router.down.shaper.rateBps',
    'tcp.cc',
    'era',
    'qdisc.kind',
  ],
  scenario: () => {
    const sc = sqmUplink({ uplinkBps: RRUL_UPLINK_BPS, wanPropagationUs: 10_000 });
    sc.router!.down = {
      rateBps: 1e9,
      qdisc: { ...SQM_FQ_CODEL_LEAF },
      shaper: sqmHtb(RRUL_DOWNLINK_BPS),
    };
    sc.title = 'rrul: 4 up + 4 down through htb + fq_codel at 36/90 Mbit/s, 3 UDP probes and a ping';
    sc.era = '6.6';
    sc.durationMs = 20_000;
    sc.warmupMs = 5000;
    sc.pingIntervalMs = 200;
    sc.tcp.flows = 2 * RRUL_MARKS.length;
    sc.tcp.perFlow = flows();
    sc.udpProbes = RRUL_PROBES.map((name) => flentUdpProbe(name));
    return sc;
  },
  constants: [
    {
      path: 'tcp.perFlow',
      why: 'rrul.conf’s eight TCP data sets: TCP upload BE/BK/CS5/EF (netperf TCP_STREAM) and TCP download BE/BK/CS5/EF (TCP_MAERTS), all running for the whole test. Each flow’s far end is a host of its own on the same path (the model gives each tcp.perFlow entry a host), so a ping goes to each.',
    },
    {
      path: 'router.shaper.rateBps',
      why: '36 Mbit/s: 90 % of the 40 Mbit/s upload of a VDSL2 vectoring tier (100/40 Mbit/s, e.g. Deutsche Telekom’s MagentaZuhause L), as OpenWrt’s SQM guide says to set the speeds (“90% of what you measured”); sqm sets rate = ceil = UPLINK (simplest.qos egress()).',
    },
    {
      path: 'router.down.shaper.rateBps',
      why: '90 Mbit/s: 90 % of the same tier’s 100 Mbit/s download, sqm’s DOWNLINK on the IFB’s htb class (simplest.qos ingress()).',
    },
    {
      path: 'router.shaper.burstBytes',
      why: 'tc’s default for an htb class without `burst` (q_htb.c: rate/get_hz() + mtu 1600 with get_hz() = 10^9), which simplest.qos leaves in place; the same on the download side.',
    },
    {
      path: 'router.qdisc',
      why: 'The egress leaf as sqm passes it: fq_codel (defaults.sh QDISC), limit 1001 (LIMIT), target 5 ms (TARGET), interval 100 ms (fq_codel’s default), ECN on (EECN "ECN"; the modelled TCP does not negotiate ECN, so CoDel drops).',
    },
    {
      path: 'router.down.qdisc',
      why: 'The ingress leaf: the same fq_codel options (ILIMIT and ITARGET empty fall back to LIMIT and TARGET; IECN "ECN").',
    },
    {
      path: 'router.down.rateBps',
      why: 'The router’s LAN port: 1 Gbit/s Ethernet, faster than the download shaper; its ring, BQL and completion are the router block’s.',
    },
    {
      path: 'router.rateBps',
      why: 'The router’s WAN port: 1 Gbit/s Ethernet to the modem, with a 256-slot ring and BQL (./sqm-base.ts).',
    },
    {
      path: 'router.propagationUs',
      why: '10 ms one way to the far hosts (20 ms base RTT), as in sqm-htb-fq-codel: a chosen, typical ISP path, not a measurement.',
    },
    {
      path: 'qdisc',
      why: 'Every host runs fq_codel (systemd’s net.core.default_qdisc); a far host that sends a download has its own fq_codel over a 1 Gbit/s NIC like the LAN host’s.',
    },
    {
      path: 'pingIntervalMs',
      why: 'rrul’s ICMP ping runs every STEP_SIZE, Flent’s default 0.2 s.',
    },
    {
      path: 'udpProbes',
      why: 'rrul.conf’s three UDP latency probes, Ping (ms) UDP BE, BK and EF, each irtt every STEP_SIZE (0.2 s) with its 60-byte packets as Flent 2.1.1 runs it (flentUdpProbe).',
    },
    {
      path: 'durationMs',
      why: '20 s of simulated time, a third of Flent’s default 60 s LENGTH, with 5 s of warm-up left out of the summary.',
    },
    { path: 'era', why: 'Linux 6.6 on every host.' },
  ],
};
