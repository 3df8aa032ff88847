import { describe, expect, it } from 'vitest';
import { parseSs, parseSsRate } from './ss-parse';
import { parsePing } from './measure';

// As `ss -tinmH dst …` printed it on Linux 6.18 (iproute2 6.1): iperf3's control connection, then its data connection.
const SAMPLE = `ESTAB 0      0       10.201.0.1:41192 10.201.0.2:5201
\t skmem:(r0,rb131072,t0,tb69120,f0,w0,o0,bl0,d0) bbr wscale:10,10 rto:204 rtt:0.031/0.015 ato:40 mss:1448 pmtu:1500 rcvmss:536 advmss:1448 cwnd:13 bytes_sent:185 bytes_acked:186 segs_out:7 data_segs_out:3 send 4857806452bps pacing_rate 9195929712bps delivery_rate 1053090904bps minrtt:0.009 snd_wnd:65536
ESTAB 0      1125096 10.201.0.1:41204 10.201.0.2:5201
\t skmem:(r0,rb131072,t131984,tb1082880,f2712,w1140072,o0,bl0,d0) cubic wscale:10,10 rto:256 rtt:54.466/0.063 mss:1448 cwnd:235 bytes_sent:3777869 bytes_acked:3647550 segs_out:2612 data_segs_out:2610 send 49980538bps pacing_rate 99959928bps delivery_rate 19127784bps retrans:0/7 busy:1504ms minrtt:0.007 snd_wnd:437248
`;

describe('ss -tinm parsing', () => {
  it('reads each socket’s fields by name', () => {
    const [ctl, data] = parseSs(SAMPLE);
    expect(ctl.cc).toBe('bbr');
    expect(ctl.retransTotal).toBe(0);
    expect(data).toMatchObject({
      localPort: 41204,
      peer: '10.201.0.2',
      peerPort: 5201,
      cc: 'cubic',
      srttMs: 54.466,
      rttvarMs: 0.063,
      minRttMs: 0.007,
      cwndPkts: 235,
      pacingRateBps: 99959928,
      deliveryRateBps: 19127784,
      skmemTBytes: 131984,
      retransTotal: 7,
      dataSegsOut: 2610,
      bytesAcked: 3647550,
    });
  });

  it('leaves missing fields NaN and skips lines that are no socket', () => {
    const [s] = parseSs('State Recv-Q Send-Q\nESTAB 0 0 1.2.3.4:1 5.6.7.8:2\n\t cwnd:10\nwarning: x\n');
    expect(s.cwndPkts).toBe(10);
    expect(s.srttMs).toBeNaN();
    expect(s.pacingRateBps).toBeNaN();
    expect(parseSs('')).toEqual([]);
  });

  it('reads rates with unit prefixes', () => {
    expect(parseSsRate('1.5Mbps')).toBe(1.5e6);
    expect(parseSsRate('10Gbps')).toBe(1e10);
    expect(parseSsRate('12bps')).toBe(12);
    expect(parseSsRate('fast')).toBeNaN();
  });

  it('reads ping -D replies relative to the flows’ start', () => {
    const p = parsePing(
      'PING x\n[1000.500000] 64 bytes from 10.77.1.2: icmp_seq=1 ttl=64 time=0.045 ms\nno answer\n',
      1_000_000,
    );
    expect(p).toEqual([{ tS: 0.5, rttMs: 0.045 }]);
  });
});
