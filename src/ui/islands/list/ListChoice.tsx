import { useId } from 'react';

export interface ListChoiceProps<Value extends string> {
  /** The visible label, e.g. 'Show' or 'Sort by'. */
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
  /** The field's name: without JavaScript the list's search form can carry it (GET). */
  name: string;
}

/** One of a list's own choices (a filter, the order) as a labelled native select: keyboard and screen readers know it. */
export function ListChoice<Value extends string>({ label, value, options, onChange, name }: ListChoiceProps<Value>) {
  const id = useId();
  return (
    <div className="list-choice">
      <label className="form-label m-0" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="form-select"
        value={value}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.currentTarget.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
