/**
 * Text with its kernel terms linked to their definitions (knob help, the
 * summaries): each term once, a button whose definition shows on hover,
 * focus or click and hides on Escape — the same as in the lessons. The
 * definition sits in a layer over the page (a portal), so the text it is
 * part of reads the same with it or without it.
 */
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { glossaryTerm, linkTerms } from '../../sim/lessons/glossary';

/** `tabbable`: a Tab stop of its own (lessons); else reached by pointer and screen reader but not by Tab. */
export function Term({
  id,
  children,
  tabbable = true,
}: {
  id: string;
  children: string;
  tabbable?: boolean;
}) {
  const t = glossaryTerm(id);
  const tipId = useId();
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const [pinned, setPinned] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  if (!t) return <>{children}</>;
  const open = hover || focus || pinned;
  const r = open ? ref.current?.getBoundingClientRect() : undefined;
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="term"
        data-term={id}
        tabIndex={tabbable ? undefined : -1}
        aria-describedby={tipId}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onFocus={() => setFocus(true)}
        onBlur={() => {
          setFocus(false);
          setPinned(false);
        }}
        onClick={() => setPinned((p) => !p)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setHover(false);
            setPinned(false);
            setFocus(false);
          }
        }}
      >
        {children}
      </button>
      {createPortal(
        <span
          className="tip tip-layer"
          role="tooltip"
          id={tipId}
          hidden={!open}
          style={r ? { left: Math.max(4, Math.min(r.left, innerWidth - 350)), top: r.bottom + 4 } : undefined}
        >
          <strong>{t.term}</strong> — {t.definition}{' '}
          <span className="tip-files">
            Kernel source:{' '}
            {t.files.map((f, i) => (
              <span key={f}>
                {i > 0 && ', '}
                <code>{f}</code>
              </span>
            ))}
          </span>
        </span>,
        document.body,
      )}
    </>
  );
}

/**
 * `text` with each glossary term (once) as a Term. These are the explorer's
 * labels and help (knobs, summary, packet path): a definition a pointer can
 * open, kept out of the Tab order so the keyboard goes from control to
 * control (the Learn view's glossary lists every term).
 */
export function GlossaryText({ text }: { text: string }) {
  return (
    <>
      {linkTerms(text).map((l, i) =>
        l.kind === 'term' ? (
          <Term key={i} id={l.id} tabbable={false}>
            {l.text}
          </Term>
        ) : (
          <span key={i}>{l.text}</span>
        ),
      )}
    </>
  );
}
