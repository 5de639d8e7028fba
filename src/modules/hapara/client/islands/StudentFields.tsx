import type { ClassOption } from '../../contract';

interface FieldProps {
  id: string;
  label: string;
  name: string;
  value: string;
  /** This field is the one the error is about. */
  invalid: boolean;
  /** The error's id, named by the field it is about. */
  errorId: string;
  onChange: (value: string) => void;
}

/** A required text field of the add and edit forms. */
export function TextField({
  id,
  label,
  name,
  value,
  invalid,
  errorId,
  onChange,
  type = 'text',
  maxLength,
}: FieldProps & { type?: 'text' | 'email'; maxLength: number }) {
  return (
    <div className="mb-3">
      <label className="form-label required" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        type={type}
        name={name}
        autoComplete="off"
        maxLength={maxLength}
        required
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}

/** The Class select: the school's classes by code and name, with an empty first choice (the class is required). */
export function ClassSelect({ id, label, name, value, invalid, errorId, onChange, classes }: FieldProps & { classes: readonly ClassOption[] }) {
  // A student's class that is no longer offered (renamed since) stays choosable as it is.
  const options = value && !classes.some((option) => option.code === value) ? [{ code: value, name: value }, ...classes] : classes;
  return (
    <div className="mb-3">
      <label className="form-label required" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`form-select${invalid ? ' is-invalid' : ''}`}
        name={name}
        required
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">Choose a class…</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name && option.name !== option.code ? `${option.code} — ${option.name}` : option.code}
          </option>
        ))}
      </select>
    </div>
  );
}
