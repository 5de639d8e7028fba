import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import '../../../../ui/islands/ui.css';
import './leavers.css';
import { createLeaversStore, requestedText } from '../stores/leavers';
import { LEAVERS_NOT_CLASS_LIST, LEAVERS_REQUESTED } from '../../rules';
import type { LeaversSummary } from '../../contract';

type Matched = LeaversSummary['matched'][number];
type Ambiguous = LeaversSummary['ambiguous'][number];
type Unknown = LeaversSummary['unknown'][number];
type Pending = LeaversSummary['pending'][number];

type Named = { row: number; firstname: string; lastname: string; class: string };
function nameColumns<R extends Named>(): Column<R>[] {
  return [
    { id: 'row', header: 'Row', rowHeader: true, cell: (r) => r.row },
    { id: 'firstname', header: 'First Name', cell: (r) => r.firstname || '—' },
    { id: 'lastname', header: 'Last Name', cell: (r) => r.lastname || '—' },
    { id: 'class', header: 'Class', cell: (r) => r.class || '—' },
  ];
}

const matchedColumns: Column<Matched>[] = [...nameColumns<Matched>(), { id: 'email', header: 'Email', cell: (r) => r.email }];
const ambiguousColumns: Column<Ambiguous>[] = [...nameColumns<Ambiguous>(), { id: 'candidates', header: 'Students that fit', cell: (r) => r.candidates }];
const unknownColumns: Column<Unknown>[] = [...nameColumns<Unknown>(), { id: 'reason', header: 'Why', cell: (r) => r.reason }];
const pendingColumns: Column<Pending>[] = nameColumns<Pending>();

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function Table<R extends Named>({ caption, hint, columns, rows }: { caption: string; hint: string; columns: Column<R>[]; rows: readonly R[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="h4 mb-1">{`${caption} (${rows.length.toLocaleString('en-GB')})`}</h3>
      <p className="text-secondary small mb-2">{hint}</p>
      <DataTable caption={caption} columns={columns} rows={rows} rowKey={(r) => r.row} empty={null} />
    </div>
  );
}

function Summary({ summary }: { summary: LeaversSummary }) {
  return (
    <>
      <ul className="mb-2">
        <li>{`${count(summary.matched.length, 'student', 'students')} matched: ${summary.dryRun ? 'a deletion request will be sent for each' : 'a deletion request was sent for each'}`}</li>
        <li>{`${count(summary.ambiguous.length, 'row fits', 'rows fit')} more than one student (left out)`}</li>
        <li>{`${count(summary.unknown.length, 'row fits', 'rows fit')} no student (left out)`}</li>
        <li>{`${count(summary.pending.length, 'student already has a change', 'students already have a change')} waiting for verification (left out)`}</li>
      </ul>
      <Table
        caption={summary.dryRun ? 'Matched students' : 'Deletion requested'}
        hint="Each row names the student on your list as your list has them."
        columns={matchedColumns}
        rows={summary.matched}
      />
      <Table
        caption="Rows that fit more than one student"
        hint="Add the students’ ID column to the file to tell them apart."
        columns={ambiguousColumns}
        rows={summary.ambiguous}
      />
      <Table
        caption="Rows that fit no student"
        hint="Check the spelling and the class against your student list."
        columns={unknownColumns}
        rows={summary.unknown}
      />
      <Table
        caption="Already waiting for verification"
        hint="These students have a change your provider has not processed yet."
        columns={pendingColumns}
        rows={summary.pending}
      />
    </>
  );
}

/** The leavers upload: choose a CSV, check it (a dry run), then confirm the deletion requests. */
export default function LeaversUpload() {
  const id = useId();
  const [store] = useState(createLeaversStore);
  const state = useStore(store.$state);
  const [file, setFile] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = state.step === 'checking' || state.step === 'confirming';

  const startOver = () => {
    store.reset();
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
    fileRef.current?.focus();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file && !busy) void store.check(file);
  };

  return (
    <section className="card leavers-upload" aria-labelledby={`${id}-heading`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-heading`}>
          Upload leavers
        </h2>
      </div>
      <div className="card-body">
        <div className="alert alert-warning" role="note" id={`${id}-warning`}>
          {LEAVERS_NOT_CLASS_LIST}
        </div>
        <form className="row g-3 align-items-end" aria-label="Upload leavers" onSubmit={onSubmit}>
          <div className="col-md-8">
            <label className="form-label" htmlFor={`${id}-file`}>
              Leavers CSV file
            </label>
            <input
              id={`${id}-file`}
              ref={fileRef}
              className="form-control"
              type="file"
              name="file"
              accept=".csv,text/csv"
              aria-describedby={`${id}-hint ${id}-warning`}
              aria-invalid={state.step === 'failed' || undefined}
              disabled={busy}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                if (state.step !== 'idle') store.reset();
              }}
            />
            <div className="form-hint" id={`${id}-hint`}>
              A CSV file whose first row names the columns. Nothing is sent until you confirm.
            </div>
          </div>
          <div className="col-md-4 d-grid">
            <button type="submit" className="btn btn-primary" disabled={!file || busy}>
              {state.step === 'checking' ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
              Check file
            </button>
          </div>
        </form>

        <div className="mt-3" role="status" aria-live="polite">
          {state.step === 'checking' || state.step === 'confirming' ? (
            <p className="mb-0">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {state.step === 'checking' ? `Checking ${state.file.name}…` : `Sending the deletion requests of ${state.file.name}…`}
            </p>
          ) : state.step === 'checked' ? (
            <p className="mb-2 fw-bold">{`${state.file.name}: ${count(state.summary.rows, 'row', 'rows')} read.`}</p>
          ) : state.step === 'confirmed' ? (
            <div className="alert alert-success mb-0">
              <p className="mb-1">{LEAVERS_REQUESTED}</p>
              <p className="mb-0 fw-bold">{requestedText(state.summary.requested)}</p>
            </div>
          ) : null}
        </div>
        {state.step === 'failed' ? (
          <div className="alert alert-danger mt-2" role="alert">
            {`${state.file.name}: ${state.message}`}
          </div>
        ) : null}

        {state.step === 'checked' ? (
          <>
            <Summary summary={state.summary} />
            <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
              <button type="button" className="btn btn-danger" disabled={state.summary.matched.length === 0} onClick={() => void store.confirm()}>
                Confirm
              </button>
              <button type="button" className="btn" onClick={startOver}>
                Cancel
              </button>
              <span className="text-secondary">
                {state.summary.matched.length === 0
                  ? 'No student in this file matched: there is nothing to send.'
                  : `Confirm sends ${count(state.summary.matched.length, 'deletion request', 'deletion requests')} to your provider for verification.`}
              </span>
            </div>
          </>
        ) : null}

        {state.step === 'confirmed' ? (
          <>
            <Summary summary={state.summary} />
            <button type="button" className="btn mt-3" onClick={startOver}>
              Upload another file
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
