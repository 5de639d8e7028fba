import { useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { DataTable, type Column } from '../../../../ui/islands/list/DataTable';
import { createMemberImportStore } from '../stores/member-import';
import type { ImportProblem, ImportSummary } from '../../contract';

const problemColumns: Column<ImportProblem>[] = [
  { id: 'row', header: 'Row', rowHeader: true, cell: (p) => p.row },
  { id: 'reason', header: 'Why it is left out', cell: (p) => p.reason },
];

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function Summary({ summary }: { summary: ImportSummary }) {
  return (
    <>
      <ul className="mb-2">
        <li>{count(summary.added, 'new member', 'new members')} to add</li>
        <li>{count(summary.existing, 'address is', 'addresses are')} already on your list (left as they are)</li>
        <li>{count(summary.suppressed, 'address', 'addresses')} unsubscribed before, so not added back</li>
        <li>{count(summary.invalid, 'row', 'rows')} left out</li>
      </ul>
      {summary.problems.length > 0 ? (
        <div className="import-problems">
          <DataTable caption="Rows left out" showCaption columns={problemColumns} rows={summary.problems} rowKey={(p) => p.row} empty={null} />
          {summary.invalid > summary.problems.length ? <p className="text-secondary mt-2">The first {summary.problems.length} are listed.</p> : null}
        </div>
      ) : null}
    </>
  );
}

/** Import CSV (checked first, then imported whole) and Export CSV, under the mailing list. */
export function ImportMembers({ onImported, canImport = true, canExport = true }: { onImported: () => void; canImport?: boolean; canExport?: boolean }) {
  const id = useId();
  const [store] = useState(createMemberImportStore);
  const state = useStore(store.$state);
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = state.step === 'checking' || state.step === 'confirming';

  const reset = () => {
    store.reset();
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <section className="card mt-3" aria-labelledby={`${id}-heading`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-heading`}>
          {canImport && canExport ? 'Import and export' : canImport ? 'Import' : 'Export'}
        </h2>
      </div>
      <div className="card-body">
        <div className="row g-3 align-items-end">
          {/* The backend may lack either (upstream mode): what it cannot do is not shown. */}
          {canImport ? (
            <div className="col-md-8">
              <label className="form-label" htmlFor={`${id}-file`}>
                CSV file to import
              </label>
              <input
                id={`${id}-file`}
                ref={fileRef}
                className="form-control"
                type="file"
                accept=".csv,text/csv"
                aria-describedby={`${id}-hint`}
                disabled={busy}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) void store.check(file);
                  else store.reset();
                }}
              />
              <div className="form-hint" id={`${id}-hint`}>
                A column of email addresses and one of names, with or without a header row (UTF-8). Nothing is added until you confirm.
              </div>
            </div>
          ) : null}
          {canExport ? (
            <div className="col-md-4 d-grid">
              <a className="btn" href="/newsletter/manage/export.csv" download>
                Export CSV
              </a>
            </div>
          ) : null}
        </div>

        <div className="mt-3" role="status" aria-live="polite">
          {state.step === 'checking' || state.step === 'confirming' ? (
            <p className="mb-0">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {state.step === 'checking' ? `Checking ${state.file.name}…` : `Importing ${state.file.name}…`}
            </p>
          ) : state.step === 'checked' ? (
            <p className="mb-2 fw-bold">{`${state.file.name}: ${count(state.summary.rows, 'row', 'rows')} read.`}</p>
          ) : null}
        </div>
        {state.step === 'failed' ? (
          <div className="text-danger" role="alert">
            {`${state.file.name}: ${state.message}`}
          </div>
        ) : null}
        {state.step === 'checked' ? (
          <>
            <Summary summary={state.summary} />
            <div className="d-flex flex-wrap gap-2 mt-3">
              <button
                type="button"
                className="btn btn-primary"
                disabled={state.summary.added === 0}
                onClick={() =>
                  void store.confirm().then((done) => {
                    if (done === null) return;
                    if (fileRef.current) fileRef.current.value = '';
                    onImported();
                  })
                }
              >
                {`Import ${count(state.summary.added, 'member', 'members')}`}
              </button>
              <button type="button" className="btn" onClick={reset}>
                Cancel
              </button>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
