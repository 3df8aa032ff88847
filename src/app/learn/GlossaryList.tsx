/** Every glossary term with its definition and kernel source files, as a list one can read or link to (#glossary-<id>). */
import { GLOSSARY } from '../../sim/lessons/glossary';

export function GlossaryList() {
  return (
    <section className="glossary" aria-labelledby="glossary-title">
      <h2 id="glossary-title">Glossary</h2>
      <dl>
        {GLOSSARY.map((t) => (
          <div key={t.id} id={`glossary-${t.id}`}>
            <dt>{t.term}</dt>
            <dd>
              {t.definition}{' '}
              <span className="muted">
                Kernel source:{' '}
                {t.files.map((f, i) => (
                  <span key={f}>
                    {i > 0 && ', '}
                    <code>{f}</code>
                  </span>
                ))}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
