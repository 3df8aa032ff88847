/**
 * `ss -tinmH` output as records: one per TCP socket, the fields the twin
 * samples (iproute2 misc/ss.c tcp_show_info and print_skmeminfo). ss prints
 * a socket as a header line (state, queues, local and peer address) and an
 * indented line of `key:value` and `key value` tokens; the order and the
 * optional tokens vary with the kernel and the congestion control, so every
 * field is looked up by name and missing ones are NaN.
 */

export interface SsSocket {
  local: string;
  localPort: number;
  peer: string;
  peerPort: number;
  cc: string;
  /** rtt:srtt/rttvar, ms. */
  srttMs: number;
  rttvarMs: number;
  minRttMs: number;
  cwndPkts: number;
  pacingRateBps: number;
  deliveryRateBps: number;
  /** skmem t: sk_wmem_alloc, the truesize of the socket's skbs below TCP. */
  skmemTBytes: number;
  /** retrans:cur/total; the total. */
  retransTotal: number;
  dataSegsOut: number;
  bytesAcked: number;
  bytesSent: number;
}

/** "10.1.0.1:5201", "[fe80::1]:22" → [address, port]. */
function splitAddr(s: string): [string, number] {
  const i = s.lastIndexOf(':');
  if (i < 0) return [s, NaN];
  return [s.slice(0, i).replace(/^\[|\]$/g, ''), Number(s.slice(i + 1))];
}

/** A rate as ss prints it: "99959928bps", "1.2Mbps", "10Gbps". */
export function parseSsRate(s: string | undefined): number {
  if (!s) return NaN;
  const m = /^([\d.]+)([KMG]?)bps$/.exec(s);
  if (!m) return NaN;
  return Number(m[1]) * ({ '': 1, K: 1e3, M: 1e6, G: 1e9 }[m[2]] ?? 1);
}

/** The tokens of a socket's info line: `key:value` and `key value` pairs (pacing_rate, delivery_rate, send). */
function infoTokens(line: string): Map<string, string> {
  const out = new Map<string, string>();
  const words = line.trim().split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const c = w.indexOf(':');
    if (c > 0) out.set(w.slice(0, c), w.slice(c + 1));
    else if (/^(pacing_rate|delivery_rate|send)$/.test(w) && i + 1 < words.length) out.set(w, words[++i]);
    else if (/^(cubic|bbr|reno|bbr2|bbr3|dctcp|vegas|htcp|westwood)$/.test(w)) out.set('cc', w);
  }
  return out;
}

function skmem(v: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  const m = /^\((.*)\)$/.exec(v ?? '');
  if (!m) return out;
  for (const part of m[1].split(',')) {
    const k = /^([a-z]+)(\d+)$/.exec(part);
    if (k) out.set(k[1], Number(k[2]));
  }
  return out;
}

const num = (v: string | undefined): number => (v === undefined || v === '' ? NaN : Number(v));

/** Every socket in the output; lines that are no socket (a header, a warning) are skipped. */
export function parseSs(text: string): SsSocket[] {
  const out: SsSocket[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const head = lines[i].trim().split(/\s+/);
    if (head.length < 5 || !/^[A-Z][A-Z-]+$/.test(head[0]) || !head[3].includes(':')) continue;
    const info = i + 1 < lines.length && /^\s/.test(lines[i + 1]) ? lines[++i] : '';
    const t = infoTokens(info);
    const [local, localPort] = splitAddr(head[3]);
    const [peer, peerPort] = splitAddr(head[4]);
    const [srtt, rttvar] = (t.get('rtt') ?? '').split('/');
    const retrans = (t.get('retrans') ?? '').split('/');
    out.push({
      local,
      localPort,
      peer,
      peerPort,
      cc: t.get('cc') ?? '',
      srttMs: num(srtt),
      rttvarMs: num(rttvar),
      minRttMs: num(t.get('minrtt')),
      cwndPkts: num(t.get('cwnd')),
      pacingRateBps: parseSsRate(t.get('pacing_rate')),
      deliveryRateBps: parseSsRate(t.get('delivery_rate')),
      skmemTBytes: skmem(t.get('skmem')).get('t') ?? NaN,
      // No retrans token: the socket has retransmitted nothing.
      retransTotal: retrans.length === 2 ? Number(retrans[1]) : 0,
      dataSegsOut: num(t.get('data_segs_out')) || 0,
      bytesAcked: num(t.get('bytes_acked')) || 0,
      bytesSent: num(t.get('bytes_sent')) || 0,
    });
  }
  return out;
}
