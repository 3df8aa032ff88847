/**
 * fast-check generators of the inputs a hostile tester found defects with
 * (issue 24), as overrides on a generated scenario: fractional and
 * sub-nanosecond values for every interval and delay, paths into lists by
 * something other than an item's index (`.length`, -1, 01, 1.5), values
 * nested thousands of levels deep, blocks that contradict the topology
 * (a router or link.xen on WiFi, WiFi on a wired scene with a router), and
 * control characters in names and titles. Some of these must be refused
 * with a message naming the field; the rest must run like any scenario.
 */
import fc from 'fast-check';

/** Fields that set a period or a delay, with the unit they are in. */
export const INTERVAL_PATHS = [
  'pingIntervalMs',
  'sampleIntervalUs',
  'receiver.delackMs',
  'receiver.groWindowUs',
  'qdisc.codelTargetUs',
  'qdisc.codelIntervalUs',
  'link.propagationUs',
  'link.completion.delayNs',
  'link.completion.usecs',
  'cpu.timerLatencyNs',
  'cpu.perSkbNs',
  'tcp.tx_delay_us',
  'wifi.pingIntervalMs',
  'wifi.txStatusDelayUs',
  'wifi.rxIntrMitigationLastUs',
  'wifi.rxIntrMitigationFirstUs',
  'wifi.wiredPropagationUs',
  'wifi.brcmfmac.busTransferOverheadUs',
  'wifi.brcmfmac.firmwareTxStatusLatencyUs',
  'router.propagationUs',
  'link.xen.evtchnUs',
  'link.xen.deallocFixedUs',
] as const;

/** Fractions and sub-nanosecond values, and ordinary ones for contrast. */
export const tinyValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '1e-9',
      '1e-6',
      '5e-324',
      '1e-300',
      '0.0001',
      '0.3',
      '0.5',
      '0.999',
      '1.0001',
      '1.5',
      '2.25',
    ),
    fc.double({ min: 1e-12, max: 3, noNaN: true }).map((v) => String(v)),
  );

/** Paths into a list by something other than one of its items' index. */
export const listPath = (): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom('wifi.stations', 'wifi.brcmfmac.initialCredits'),
      fc.constantFrom('length', '-1', '01', '1.5', '1e0', ' 0', '999', 'length.x', '0x1', ''),
    )
    .map(([list, part]) => `${list}.${part}`);

/** Paths that step through an object's prototype, at the start, the middle or the end (issue 34). */
export const protoPath = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype'),
    fc
      .tuple(
        fc.constantFrom('', 'tcp.', 'wifi.stations.0.', 'router.'),
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'constructor.prototype'),
        fc.constantFrom('', '.polluted', '.x.y'),
      )
      .map(([a, b, c]) => `${a}${b}${c}`),
  );

/** Values for a list's length as a hostile tester typed them. */
export const lengthValue = (): fc.Arbitrary<string> =>
  fc.constantFrom('0', '1', '1.5', '-1', '1e9', 'NaN', '[]');

/** JSON text of an array nested `depth` levels, around a scalar. */
export const deepJson = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.integer({ min: 1000, max: 20_000 }), fc.constantFrom('1', '"x"', 'null', '{}'))
    .map(([depth, core]) => `${'['.repeat(depth)}${core}${']'.repeat(depth)}`);

/** Fields an object or a deep array may land in. */
export const DEEP_PATHS = ['title', 'tcp.cc', 'wifi', 'router', 'link.xen', 'tcp', 'wifi.stations'] as const;

/** Text with control characters (escape sequences, bell, CR, NUL, DEL). */
export const controlText = (): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(
        '\u001b[2J',
        '\u001b[31m',
        '\u0007',
        '\r',
        '\n',
        '\u0000',
        '\u007f',
        '\u001b]0;x\u0007',
        '\t',
      ),
      fc.string({ maxLength: 6 }),
    )
    .map(([a, c, b]) => `${a}${c}${b}`);

export type Hostile =
  | { kind: 'interval'; path: string; value: string }
  | { kind: 'list'; path: string; value: string }
  | { kind: 'deep'; path: string; value: string }
  | { kind: 'contradiction'; block: 'router' | 'xen' | 'wifi-on-wired' }
  | { kind: 'control'; path: 'title' | 'station'; value: string };

export const hostile = (): fc.Arbitrary<Hostile> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('interval' as const),
        path: fc.constantFrom(...INTERVAL_PATHS),
        value: tinyValue(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('list' as const), path: listPath(), value: lengthValue() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        path: fc.constantFrom(...DEEP_PATHS),
        value: deepJson(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('contradiction' as const),
        block: fc.constantFrom('router' as const, 'xen' as const, 'wifi-on-wired' as const),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('control' as const),
        path: fc.constantFrom('title' as const, 'station' as const),
        value: controlText(),
      }),
    },
  );
