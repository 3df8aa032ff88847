/** Tells the user that the simulation worker failed, that it restarts, and with what (role=alert). */
import { useExplorerContext } from '../explorer-context';
import { useWorkerHealth } from './health-store';
import './notices.css';

const WHAT: Record<string, string> = {
  error: 'stopped with an error',
  hang: 'stopped answering',
  stalled: 'stopped producing frames',
  restore: 'could not be restored',
};

export function WorkerNotice() {
  const { controller } = useExplorerContext();
  const { state, failure, detail, restarts, patch } = useWorkerHealth();
  if (state === 'ok' || !failure) return null;
  const what = `The simulation ${WHAT[failure.kind] ?? 'failed'} (${failure.message}).`;
  const next =
    state === 'recovering'
      ? 'Restarting it with the last good settings…'
      : state === 'recovered'
        ? `Restarted with the last good settings${detail ? `: ${detail}` : ''}.`
        : 'It failed again after several restarts, so it was stopped; your settings are kept.';
  return (
    <div
      className={`notice${state === 'failed' ? ' warn' : ''}`}
      role="alert"
      data-testid="worker-notice"
      data-state={state}
      data-restarts={restarts}
    >
      <p>
        {what} {next}
      </p>
      {state === 'failed' ? (
        <button type="button" onClick={() => void controller.restartWorker()} data-testid="worker-restart">
          Restart
        </button>
      ) : null}
      {state === 'recovered' ? (
        <button type="button" onClick={() => patch({ state: 'ok' })} aria-label="Dismiss the notice">
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
