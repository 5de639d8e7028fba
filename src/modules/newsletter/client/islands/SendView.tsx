import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './newsletter.css';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { EmptyState } from '../../../../ui/islands/list/EmptyState';
import { SendProgress } from './SendProgress';
import { showFlash } from '../../../../lib/browser/flash';
import { createSendViewStore } from '../stores/send-view';
import type { SendDetail } from '../../contract';
import type { SendRow } from '../../sends';

export interface SendViewProps {
  send: SendRow;
  failures: SendDetail['failures'];
  bounces: SendDetail['bounces'];
  timeZone: string;
}

type Failure = SendDetail['failures'][number];

const failureColumns: Column<Failure>[] = [
  { id: 'email', header: 'Email', rowHeader: true, className: 'text-break', cell: (row) => row.email },
  { id: 'response', header: 'Answer of the mail server', className: 'text-break', cell: (row) => row.response },
];

type Bounce = SendDetail['bounces'][number];

const BOUNCE_KINDS: Record<Bounce['kind'], string> = { hard: 'Bounced', soft: 'Bounced (temporary)', complaint: 'Marked as spam' };

const bounceColumns: Column<Bounce>[] = [
  { id: 'email', header: 'Email', rowHeader: true, className: 'text-break', cell: (row) => row.email },
  { id: 'kind', header: 'What came back', cell: (row) => BOUNCE_KINDS[row.kind] },
  { id: 'detail', header: 'Details', className: 'text-break', cell: (row) => row.detail },
];

/** One sent newsletter: live progress, Pause / Resume / Cancel, and the addresses it could not reach. */
export default function SendView(props: SendViewProps) {
  const [store] = useState(() => createSendViewStore(props));
  const send = useStore(store.$send);
  const failures = useStore(store.$failures);
  const busy = useStore(store.$busy);
  const [confirmCancel, setConfirmCancel] = useState(false);
  useEffect(() => store.followProgress(), [store]);
  // 'Your newsletter has been sent!' arrives with the navigation from the send form.
  useEffect(() => showFlash(), []);

  const running = send.status === 'sending' || send.status === 'paused';
  return (
    <>
      <div className="card mb-3">
        <div className="card-body">
          <SendProgress send={send} />
          {running ? (
            <div className="d-flex flex-wrap gap-2 mt-3">
              {send.status === 'sending' ? (
                <button type="button" className="btn" aria-disabled={busy || undefined} onClick={() => void (busy || store.change('pause'))}>
                  Pause
                </button>
              ) : (
                <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => void (busy || store.change('resume'))}>
                  Resume
                </button>
              )}
              <button type="button" className="btn btn-outline-danger" aria-disabled={busy || undefined} onClick={() => setConfirmCancel(true)}>
                Cancel sending
              </button>
            </div>
          ) : null}
        </div>
      </div>
      <div className="card mb-3">
        <div className="card-header">
          <h2 className="card-title">Could not be delivered</h2>
        </div>
        <DataTable
          caption="Addresses the newsletter could not reach"
          columns={failureColumns}
          rows={failures}
          rowKey={(row) => row.email}
          empty={<EmptyState title="No failed deliveries">{send.status === 'done' ? 'Every address accepted it.' : 'None so far.'}</EmptyState>}
        />
      </div>
      <div className="card mb-3">
        <div className="card-header">
          <h2 className="card-title">Bounces and complaints</h2>
        </div>
        <DataTable
          caption="Copies that came back or were marked as spam"
          columns={bounceColumns}
          rows={props.bounces}
          rowKey={(row) => `${row.email} ${row.kind} ${row.at}`}
          empty={
            <EmptyState title="No bounces or complaints">
              A mailbox that refuses a copy later, or a family that marks it as spam, is listed here; those addresses are not mailed again.
            </EmptyState>
          }
        />
      </div>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this newsletter?"
        confirmLabel="Cancel sending"
        cancelLabel="Keep sending"
        danger
        onConfirm={() => {
          setConfirmCancel(false);
          void store.change('cancel');
        }}
        onCancel={() => setConfirmCancel(false)}
      >
        Nobody who has not received it yet will receive it. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
