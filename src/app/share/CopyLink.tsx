/**
 * "Copy link": puts a link to the current view on the clipboard and shows it
 * in a field (selected, for copying by hand where the clipboard is refused).
 */
import { useRef, useState } from 'react';
import { currentShareState, shareUrl } from './app-share';

export function CopyLink() {
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const copy = async () => {
    const url = shareUrl(currentShareState(), location.href);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied to the clipboard.');
    } catch {
      setStatus('The clipboard is not available here: copy the link from the field.');
    }
  };
  const close = () => {
    setLink(null);
    buttonRef.current?.focus();
  };
  return (
    <div
      className="copy-link"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && link !== null) close();
      }}
    >
      <button ref={buttonRef} type="button" data-testid="copy-link" onClick={() => void copy()}>
        Copy link
      </button>
      {link !== null && (
        <div className="popover" role="group" aria-label="Link to this view">
          <label className="field">
            <span>Link to this view (preset, changed parameters, seed, speed, panels, zoom)</span>
            <input
              type="text"
              readOnly
              value={link}
              data-testid="share-link"
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
          <p className="popover-status" role="status">
            {status}
          </p>
          <button type="button" onClick={close}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
