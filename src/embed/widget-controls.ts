/**
 * The knobs a writer chose for the widget, built from their ParamSpec like
 * the explorer's (a slider on the same linear/log scale, a select, or a
 * checkbox), each labelled, keyboard-operable and with the core's error
 * shown beside it. Built with DOM calls; text goes in as text only.
 */
import { sliderModel, stepKey, stepValue } from '../app/controls/slider-scale';
import { formatValue } from '../app/format';
import type { ParamSpec, ParamValue } from '../worker/protocol';
import type { LabRuntime } from './lab-runtime';
import { el } from './el';
import { glossaryNodes } from '../app/learn/player-text';

let seq = 0;

export function valueText(spec: ParamSpec, v: ParamValue | undefined): string {
  if (v === undefined || v === null || v === 'null') return 'default';
  if (typeof v === 'number') return formatValue(v, spec.unit);
  return spec.options?.find((o) => o.value === v)?.label ?? String(v);
}

/** Finds the knob a `controls` entry names: its full path or the path's last part. */
export function findKnob(params: readonly ParamSpec[], name: string): ParamSpec | undefined {
  return params.find((p) => p.key === name) ?? params.find((p) => p.key.split('.').pop() === name);
}

export interface MountedControl {
  /** Shows the runtime's current value and error. */
  sync(): void;
  unmount(): void;
}

/** What a control needs of its runtime: the values, their errors, and where a change goes. */
export type ControlHost = Pick<LabRuntime, 'values' | 'errors' | 'setParam'>;

export function mountControl(parent: HTMLElement, spec: ParamSpec, rt: ControlHost): MountedControl {
  const id = `tsq-lab-${++seq}`;
  const box = el('div', 'ctl');
  box.dataset.param = spec.key;
  const head = el('div', 'ctl-head');
  const label = el('label', undefined, spec.label);
  label.htmlFor = id;
  label.id = `${id}-label`;
  const out = el('output');
  out.htmlFor.add(id);
  head.append(label, out);
  const help = el('p', 'ctl-help');
  // Kernel terms in the help link to their definitions, as everywhere else.
  help.append(...glossaryNodes(spec.help));
  // Pointer and screen reader reach the definitions; Tab goes from control to control.
  help.querySelectorAll<HTMLButtonElement>('button.term').forEach((b) => (b.tabIndex = -1));
  help.id = `${id}-help`;
  const err = el('p', 'ctl-error');
  err.id = `${id}-err`;
  err.setAttribute('role', 'alert');

  let input: HTMLInputElement | HTMLSelectElement;
  let show: (v: ParamValue | undefined) => void;
  const m = sliderModel(spec);
  if (spec.kind === 'enum') {
    const sel = el('select');
    for (const o of spec.options ?? []) {
      const opt = el('option', undefined, o.label);
      opt.value = String(o.value);
      sel.append(opt);
    }
    sel.addEventListener('change', () => {
      const o = spec.options?.find((x) => String(x.value) === sel.value);
      if (o) rt.setParam(spec.key, o.value);
    });
    show = (v) => (sel.value = String(v ?? ''));
    input = sel;
  } else if (spec.kind === 'bool') {
    const cb = el('input');
    cb.type = 'checkbox';
    cb.addEventListener('change', () => rt.setParam(spec.key, cb.checked));
    show = (v) => (cb.checked = v === true);
    input = cb;
  } else if (m) {
    const r = el('input');
    r.type = 'range';
    r.min = String(m.min);
    r.max = String(m.max);
    r.step = String(m.step);
    r.dataset.testid = `slider-${spec.key}`;
    // Arrow keys step as people think of the knob: powers of two for bytes, 1-2-5 for rates.
    r.addEventListener('keydown', (e) => {
      const k = stepKey(e.key);
      const cur = rt.values[spec.key];
      if (!k || typeof cur !== 'number') return;
      e.preventDefault();
      const v = stepValue(spec, cur, k.dir, k.big);
      r.value = String(m.toPos(v));
      r.setAttribute('aria-valuetext', valueText(spec, v));
      rt.setParam(spec.key, v);
    });
    r.addEventListener('input', () => {
      const v = m.fromPos(Number(r.value));
      r.setAttribute('aria-valuetext', valueText(spec, v));
      out.textContent = valueText(spec, v);
      rt.setParam(spec.key, v);
    });
    show = (v) => {
      const num =
        typeof v === 'number' ? v : typeof spec.kernelDefault === 'number' ? spec.kernelDefault : m.min;
      r.value = String(m.toPos(num));
      r.setAttribute('aria-valuetext', valueText(spec, v));
    };
    input = r;
  } else {
    // A number without a finite range: a plain field, applied on Enter or when leaving it.
    const n = el('input');
    n.type = 'number';
    n.step = spec.kind === 'int' ? '1' : 'any';
    const commit = () => {
      const v = Number(n.value);
      if (n.value.trim() !== '' && Number.isFinite(v)) rt.setParam(spec.key, v);
    };
    n.addEventListener('change', commit);
    show = (v) => (n.value = typeof v === 'number' ? String(v) : '');
    input = n;
  }
  input.id = id;
  input.setAttribute('aria-describedby', `${id}-help`);
  box.append(head, input, help, err);
  parent.append(box);

  const sync = () => {
    const v = rt.values[spec.key];
    // Never move a control under the user's hand.
    if (box.ownerDocument && (box.getRootNode() as Document | ShadowRoot).activeElement !== input) show(v);
    out.textContent = valueText(spec, v);
    const e = rt.errors[spec.key] ?? '';
    err.textContent = e;
    err.hidden = !e;
    input.setAttribute('aria-invalid', String(!!e));
    input.setAttribute('aria-describedby', e ? `${id}-help ${id}-err` : `${id}-help`);
  };
  show(rt.values[spec.key]);
  sync();
  return { sync, unmount: () => box.remove() };
}
