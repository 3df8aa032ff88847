/** What a link or a scenario file contained that was not used (or what a file loaded), as plain text. */
import { useShare } from './share-store';
import { noticeText, type ShareNotice } from './url-state';

const line = (n: ShareNotice) => (n.field ? noticeText(n) : n.reason);

const LEAD = {
  warning: (src: string) => `Some of ${src} was not used:`,
  error: (src: string) => `${src} was not loaded; the explorer kept the current run:`,
  info: (src: string) => `${src}:`,
};

export function ShareNotices() {
  const { source, kind, notices, dismiss } = useShare();
  if (!notices.length) return null;
  return (
    <div
      className={`share-notice ${kind}`}
      role={kind === 'info' ? 'status' : 'alert'}
      data-testid="share-notice"
      data-kind={kind}
    >
      <p className="share-notice-lead">{LEAD[kind](source)}</p>
      <ul>
        {notices.map((n, i) => (
          <li key={i}>{line(n)}</li>
        ))}
      </ul>
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
