/**
 * The scene of the commit that introduced TSQ (46d3ceabd8d9, Linux 3.6,
 * 2012): one bulk TCP sender on a LAN host with pfifo_fast, and a ping
 * through the same queue. Its message measured the queueing below the
 * sender at "< 1ms on Gbit (instead of 50ms with TSO)" and "< 8ms on 100Mbit
 * (instead of 132 ms)"; docs/cross-checks.md sets the model beside those
 * figures, and test/cross-checks/tsq-2012.test.ts checks them.
 */
import type { Preset } from './preset';
import { wiredBase } from './wired-base';

export const firstTsq: Preset = {
  id: 'first-tsq',
  title: 'The first TSQ (Linux 3.6): one bulk sender on Gbit, pfifo_fast',
  description:
    'One CUBIC bulk flow from a LAN host through pfifo_fast, with a ping behind it, in the Linux 3.6 era: a fixed 128 KB TSQ budget and no autosizing or pacing. Raise tcp_limit_output_bytes to 64M to see the queue TSQ removed, or set the link to 100 Mbit/s.',
  params: [
    'tcp.tcp_limit_output_bytes',
    'link.rateBps',
    'link.sg',
    'link.bql',
    'qdisc.kind',
    'era',
    'tcp.cc',
  ],
  scenario: () => {
    const sc = wiredBase();
    sc.title = 'One bulk sender, 1 Gbit/s LAN, pfifo_fast, Linux 3.6';
    sc.era = '3.6';
    sc.durationMs = 8000;
    sc.warmupMs = 3000;
    sc.pingIntervalMs = 50;
    sc.qdisc = { ...sc.qdisc, kind: 'pfifo_fast' };
    return sc;
  },
  constants: [
    { path: 'era', why: 'The commit is in Linux 3.6: tcp_limit_output_bytes 128 KB, skbs up to 64 KB.' },
    { path: 'qdisc.kind', why: '"using standard pfifo_fast" (the commit message).' },
    {
      path: 'link.rateBps',
      why: 'The tg3/ixgbe hosts of the commit message at 1 Gbit/s; it also reports 100 Mbit/s.',
    },
    { path: 'link.propagationUs', why: 'A LAN: 50 µs each way, the wired hosts’ default.' },
  ],
};
