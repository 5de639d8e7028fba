import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import './staff.css';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';
import { createStaffEditStore, type StaffEditInit } from '../stores/edit';
import { STAFF_LABELS, STAFF_LIMITS, STAFF_PHOTO_UPLOADED, STAFF_SCREENS, isImageUrl, type StaffField } from '../../rules';

export interface StaffEditFormProps extends StaffEditInit {
  /** Spec section 3: whether the Bio field shows (the entry has a biography; for a new entry, the list's first one has). */
  showBiography: boolean;
  /** The list's sections, for the Section field to suggest. */
  sections: string[];
  /** Whether Upload photo shows (the backend stores photos). */
  canUpload: boolean;
}

const ONE_LINE: ReadonlyArray<{ field: Exclude<StaffField, 'imageURL' | 'biography' | 'section'>; type: 'text' | 'email'; autoComplete: string }> = [
  { field: 'name', type: 'text', autoComplete: 'off' },
  { field: 'class', type: 'text', autoComplete: 'off' },
  { field: 'role', type: 'text', autoComplete: 'off' },
  { field: 'email', type: 'email', autoComplete: 'off' },
];

/**
 * The staff form (spec section 3): Name, Class, Role, Email, Image URL (with Upload photo, which
 * fills it), Biography (when the spec's rule shows it) and Section; Cancel and Save. What the user
 * typed stays through any refusal, and leaving with unsaved changes asks first.
 */
export default function StaffEditForm({ showBiography, sections, canUpload, ...init }: StaffEditFormProps) {
  const id = useId();
  const [store] = useState(() => createStaffEditStore(init));
  const values = useStore(store.$values);
  const problem = useStore(store.$problem);
  const saving = useStore(store.$saving);
  const uploading = useStore(store.$uploading);
  const [uploaded, setUploaded] = useState('');
  const guard = useLeaveGuard(() => store.isDirty());
  const fieldId = (field: StaffField) => `${id}-${field}`;
  const errorId = `${id}-error`;
  const list = STAFF_SCREENS[store.kind].list;

  // A problem moves focus to its field (or to the message, when it is no field's), once it is drawn.
  const [focusTick, setFocusTick] = useState(0);
  const problemRef = useRef(problem);
  problemRef.current = problem;
  useEffect(() => {
    const current = problemRef.current;
    if (focusTick === 0 || !current) return;
    document.getElementById(current.field ? `${id}-${current.field}` : `${id}-error`)?.focus();
  }, [focusTick, id]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await store.save(guard.leaveNow);
    if (outcome !== 'saved') setFocusTick((tick) => tick + 1);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setUploaded('');
    if (await store.upload(file)) setUploaded(STAFF_PHOTO_UPLOADED);
    else setFocusTick((tick) => tick + 1);
  };

  const invalid = (field: StaffField) => problem?.field === field;
  const described = (field: StaffField, hint?: string) => [invalid(field) ? errorId : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const control = (field: StaffField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    maxLength: STAFF_LIMITS[field],
    className: `form-control${invalid(field) ? ' is-invalid' : ''}`,
    'aria-invalid': invalid(field) || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => store.set(field, event.currentTarget.value),
  });
  const imageHint = `${id}-image-hint`;
  const sectionHint = `${id}-section-hint`;
  const preview = values.imageURL.trim();

  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-heading`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-heading`}>
          Staff details
        </h2>
      </div>
      <div className="card-body">
        {problem ? (
          <div className="alert alert-danger staff-alert" role="alert" id={errorId} tabIndex={-1}>
            {problem.message}
          </div>
        ) : null}
        {ONE_LINE.map(({ field, type, autoComplete }) => (
          <div className="mb-3" key={field}>
            <label className={`form-label${field === 'name' ? ' required' : ''}`} htmlFor={fieldId(field)}>
              {STAFF_LABELS[field]}
            </label>
            <input {...control(field)} type={type} autoComplete={autoComplete} required={field === 'name'} aria-describedby={described(field)} />
          </div>
        ))}
        <div className="mb-3 staff-photo">
          <div className="staff-photo-field">
            <label className="form-label" htmlFor={fieldId('imageURL')}>
              {STAFF_LABELS.imageURL}
            </label>
            <div className="input-group">
              <input {...control('imageURL')} type="text" inputMode="url" autoComplete="off" aria-describedby={described('imageURL', imageHint)} />
              {canUpload ? (
                <label className={`btn staff-upload${uploading ? ' disabled' : ''}`}>
                  <input type="file" className="visually-hidden" accept="image/*" disabled={uploading || saving} onChange={(event) => void pick(event)} />
                  {uploading ? 'Uploading…' : 'Upload photo'}
                </label>
              ) : null}
            </div>
            <div className="form-hint" id={imageHint}>
              {canUpload ? 'An https:// address of a photo, or upload one (PNG, JPEG, GIF, WebP or AVIF).' : 'An https:// address of a photo.'}
            </div>
            <div className="visually-hidden" role="status" aria-live="polite">
              {uploaded}
            </div>
          </div>
          {preview && isImageUrl(preview) ? <img className="staff-photo-preview" src={preview} alt="" width={96} height={96} /> : null}
        </div>
        {showBiography ? (
          <div className="mb-3">
            <label className="form-label" htmlFor={fieldId('biography')}>
              {STAFF_LABELS.biography}
            </label>
            <textarea {...control('biography')} rows={6} aria-describedby={described('biography')} />
          </div>
        ) : null}
        <div className="mb-3">
          <label className="form-label" htmlFor={fieldId('section')}>
            {STAFF_LABELS.section}
          </label>
          <input
            {...control('section')}
            type="text"
            autoComplete="off"
            list={sections.length > 0 ? `${id}-sections` : undefined}
            aria-describedby={described('section', sectionHint)}
          />
          {sections.length > 0 ? (
            <datalist id={`${id}-sections`}>
              {sections.map((section) => (
                <option key={section} value={section} />
              ))}
            </datalist>
          ) : null}
          <div className="form-hint" id={sectionHint}>
            People of one section are listed together, e.g. Senior Leadership or Teaching Staff.
          </div>
        </div>
      </div>
      <div className="card-footer d-flex justify-content-end gap-2 staff-form-actions">
        {/* The leave guard holds this link while there are unsaved changes. */}
        <a className="btn" href={list}>
          Cancel
        </a>
        <button className="btn btn-primary" type="submit" disabled={saving || uploading}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      {guard.dialog}
    </form>
  );
}
