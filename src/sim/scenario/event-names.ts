/**
 * Names of a model's event targets, for the trace export's engine tracks:
 * what the per-skb probe calls a layer, else the part of the model it is
 * (the CPU, a socket's pacing hrtimer, a radio), else its class.
 */
import type { Model } from './model';

export function eventTargetNames(m: Model): (target: object) => string {
  const names = new Map<object, string>();
  for (const [obj, spec] of m.traceSites) names.set(obj, spec.label);
  names.set(m, 'probes, warm-up and pings');
  names.set(m.cpu, 'sender CPU (softirq and process work)');
  m.senders.forEach((s, i) => names.set(s.pacingTimer, `TCP flow ${i}: pacing hrtimer`));
  m.bottlenecks.forEach((n, i) => names.has(n) || names.set(n, `NIC ${i}`));
  const r = m.wifiRadios;
  if (r) {
    r.radios.forEach((radio, i) => {
      if (!radio) return;
      if (radio.mac && !names.has(radio.mac)) names.set(radio.mac, `mac80211, node ${i}`);
      if (!names.has(radio.driver)) names.set(radio.driver, `${radio.family}, node ${i}`);
    });
    names.set(r.reorder, 'mac80211 RX reorder');
  }
  return (target) => {
    const n = names.get(target);
    if (n) return n;
    // Class names survive in Node; a minified build may have shortened them.
    const cls = (target as { constructor?: { name?: string } }).constructor?.name ?? '';
    return cls.length >= 4 ? cls : 'other';
  };
}
