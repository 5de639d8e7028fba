import { useId, useState } from 'react';
import { PROVIDER_TEMPLATES, PROVIDER_TEMPLATES_GROUP, SCHOOL_TEMPLATES_GROUP, type ProviderTemplateKey } from '../../../../builder-rules';
import type { Template } from '../../../../builder-contract';

export interface TemplatePickerProps {
  /** The school's own templates (its saved builds). */
  templates: readonly Template[];
  busy: boolean;
  /** One of the school's builds to open. */
  onSchool: (id: number) => void;
  /** A provider template to start a new build from. */
  onProvider: (key: ProviderTemplateKey) => void;
}

/**
 * The topbar's template chooser: the school's own templates, then the provider's (shipped with
 * the product) in a group of their own. Loading a school template opens that build; a provider
 * template starts a new build from it, so the provider's copy is never overwritten.
 */
export function TemplatePicker({ templates, busy, onSchool, onProvider }: TemplatePickerProps) {
  const id = useId();
  const [choice, setChoice] = useState('');
  return (
    <form
      className="d-flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const [kind, value] = choice.split(':', 2) as [string, string | undefined];
        if (kind === 'school' && value) onSchool(Number(value));
        const provider = PROVIDER_TEMPLATES.find((template) => template.key === value);
        if (kind === 'provider' && provider) onProvider(provider.key);
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-template`}>
        Template
      </label>
      <select id={`${id}-template`} className="form-select" value={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
        <option value="">Choose a template…</option>
        {templates.length ? (
          <optgroup label={SCHOOL_TEMPLATES_GROUP}>
            {templates.map((t) => (
              <option key={t.id} value={`school:${t.id}`}>
                {t.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        <optgroup label={PROVIDER_TEMPLATES_GROUP}>
          {PROVIDER_TEMPLATES.map((t) => (
            <option key={t.key} value={`provider:${t.key}`} title={t.description}>
              {t.name}
            </option>
          ))}
        </optgroup>
      </select>
      <button type="submit" className="btn" disabled={busy || !choice}>
        Load
      </button>
    </form>
  );
}
