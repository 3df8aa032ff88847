/** A thread or commit cited by title, author, list and date, linked to its archive or commit page when it has one. */
import type { Citation } from '../../worker/protocol';
import { citationDate } from '../../sim/scenario/sources';

export function CitationLink({ c, note }: { c: Citation; note?: string }) {
  const title = c.url ? (
    <a href={c.url} target="_blank" rel="noopener noreferrer">
      {c.title}
    </a>
  ) : (
    c.title
  );
  return (
    <span className="citation" data-testid={`source-${c.id}`}>
      <cite>{title}</cite> — {c.author}, {c.list}, {citationDate(c)}
      {c.commit && <>, commit {c.commit}</>}
      {note && <>; {note}</>}
    </span>
  );
}
