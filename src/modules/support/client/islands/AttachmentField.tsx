import { useEffect, useRef } from 'react';

export interface AttachmentFieldProps {
  id: string;
  label: string;
  file: File | null;
  maxUploadMb: number;
  invalid: boolean;
  errorId: string;
  onChange: (file: File | null) => void;
}

/** One optional file (a screenshot, a document), named and sized under the field once chosen. */
export function AttachmentField({ id, label, file, maxUploadMb, invalid, errorId, onChange }: AttachmentFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  // The store forgets the file after a send: the input follows.
  useEffect(() => {
    if (!file && ref.current) ref.current.value = '';
  }, [file]);
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        type="file"
        name="attachment"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
      <div className="form-hint" id={hintId}>
        Optional: a screenshot or a document, up to {maxUploadMb} MB.
      </div>
    </div>
  );
}
