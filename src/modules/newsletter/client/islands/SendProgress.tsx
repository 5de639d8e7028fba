import type { SendRow } from '../../sends';
import { SEND_STATUS_LABELS } from '../../sends';

/** A send's state and progress: a badge, a labelled progress bar and the numbers in words. */
export function SendProgress({ send }: { send: SendRow }) {
  return (
    <div className="send-progress">
      <span className={`badge badge-send-${send.status} me-2`}>{SEND_STATUS_LABELS[send.status]}</span>
      <span className="text-secondary">{send.progressText}</span>
      <div
        className="progress progress-sm mt-1"
        role="progressbar"
        aria-label={`Progress of ${send.subject}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={send.percent}
        aria-valuetext={`${send.percent}%: ${send.progressText}`}
      >
        <div className="progress-bar" style={{ width: `${send.percent}%` }} />
      </div>
    </div>
  );
}
