import { useId, type ReactNode } from 'react';
import {
  BLOCK_LABELS,
  COLUMN_SIZES,
  COLUMN_SIZE_LABELS,
  IMAGE_FITS,
  IMAGE_FIT_LABELS,
  MAX_ALT_LENGTH,
  type Block,
  type BlockSettings,
  type Sides,
} from '../../../builder-rules';
import type { BuilderStore } from '../../stores/builder/builder';

/** A number field's value, whole and within its range (the contract's limits). */
function whole(value: string, min: number, max: number): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.max(min, Math.min(max, n)) : min;
}

function NumberField({
  label,
  value,
  min = 0,
  max,
  unit,
  placeholder,
  onChange,
}: {
  label: string;
  /** '' when there is no one value (the sides' paddings differ). */
  value: number | '';
  min?: number;
  max: number;
  unit: string;
  placeholder?: string;
  onChange: (n: number) => void;
}) {
  const id = useId();
  return (
    <div className="nb-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className="input-group input-group-sm">
        <input
          id={id}
          className="form-control"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(whole(event.currentTarget.value, min, max))}
        />
        <span className="input-group-text">{unit}</span>
      </div>
    </div>
  );
}

/** A wide select of one of the contract's choices, each with its label. */
function ChoiceField<T extends string>({
  label,
  value,
  choices,
  labels,
  onChange,
}: {
  label: string;
  value: T;
  choices: readonly T[];
  labels: Readonly<Record<T, string>>;
  onChange: (choice: T) => void;
}) {
  const id = useId();
  return (
    <div className="nb-field nb-wide">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(event) => onChange(choices.find((choice) => choice === event.currentTarget.value) ?? value)}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

function ColourField({ label, value, onChange, noneLabel }: { label: string; value: string; onChange: (colour: string) => void; noneLabel: string }) {
  const id = useId();
  return (
    <div className="nb-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className="d-flex align-items-center gap-2">
        <input
          id={id}
          className="form-control form-control-color"
          type="color"
          value={value || '#ffffff'}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        <label className="form-check mb-0">
          <input
            className="form-check-input"
            type="checkbox"
            checked={value === ''}
            onChange={(event) => onChange(event.currentTarget.checked ? '' : '#ffffff')}
          />
          <span className="form-check-label">{noneLabel}</span>
        </label>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="nb-style-section">
      <legend className="nb-style-legend">{title}</legend>
      <div className="nb-style-grid">{children}</div>
    </fieldset>
  );
}

const SIDES: Array<[keyof Sides, string]> = [
  ['top', 'Top'],
  ['right', 'Right'],
  ['bottom', 'Bottom'],
  ['left', 'Left'],
];

/** '2 Style': every setting of the selected block's type (spec section 3), applied to the canvas as it changes. */
export function StylePanel({ store, block }: { store: BuilderStore; block: Block | null }) {
  const id = useId();
  if (!block) {
    return <p className="text-secondary">Select a block on the canvas (click it, or press its Style button) to change how it looks.</p>;
  }
  const s = block.settings;
  const set = (patch: Partial<BlockSettings>) => store.setSettings(block.id, patch);
  const padding = (patch: Partial<Sides>) => set({ padding: { ...s.padding, ...patch } });
  // The contract's rule for addresses: the save would be refused, so say so while typing.
  const hrefInvalid = block.type === 'image' && block.data.href !== '' && !/^(https?:\/\/|\/)/i.test(block.data.href);
  const samePadding = s.padding.top === s.padding.right && s.padding.top === s.padding.bottom && s.padding.top === s.padding.left;

  return (
    <form className="nb-style" aria-label={`${BLOCK_LABELS[block.type]} block style`} onSubmit={(event) => event.preventDefault()}>
      <h2 className="h4 mb-2">{BLOCK_LABELS[block.type]} block</h2>

      {block.type === 'image' ? (
        <Section title="Image">
          <div className="nb-field nb-wide">
            <label className="form-label" htmlFor={`${id}-alt`}>
              Alt text
            </label>
            <input
              id={`${id}-alt`}
              className="form-control form-control-sm"
              maxLength={MAX_ALT_LENGTH}
              value={block.data.alt}
              aria-describedby={`${id}-alt-hint`}
              onChange={(event) => store.setData(block.id, { alt: event.currentTarget.value })}
            />
            <div className="form-hint" id={`${id}-alt-hint`}>
              What the image shows, for readers who cannot see it.
            </div>
          </div>
          <div className="nb-field nb-wide">
            <label className="form-label" htmlFor={`${id}-href`}>
              Link (optional)
            </label>
            <input
              id={`${id}-href`}
              className={`form-control form-control-sm${hrefInvalid ? ' is-invalid' : ''}`}
              type="url"
              placeholder="https://"
              value={block.data.href}
              aria-invalid={hrefInvalid || undefined}
              aria-describedby={`${id}-href-hint`}
              onChange={(event) => store.setData(block.id, { href: event.currentTarget.value })}
            />
            <div className={hrefInvalid ? 'invalid-feedback' : 'form-hint'} id={`${id}-href-hint`}>
              {hrefInvalid ? 'An address must start with https://, http:// or /.' : 'Where a click on the image goes.'}
            </div>
          </div>
          <NumberField label="Width" value={s.width} min={5} max={100} unit="%" onChange={(width) => set({ width })} />
          <NumberField label="Height (0 = the image’s own)" value={s.height} max={2000} unit="px" onChange={(height) => set({ height })} />
          <ChoiceField label="Image fit" value={s.imageFit} choices={IMAGE_FITS} labels={IMAGE_FIT_LABELS} onChange={(imageFit) => set({ imageFit })} />
        </Section>
      ) : null}

      {block.type === 'attachment' ? (
        <Section title="Attachment">
          <div className="nb-field nb-wide">
            <label className="form-label" htmlFor={`${id}-text`}>
              Link text
            </label>
            <input
              id={`${id}-text`}
              className="form-control form-control-sm"
              maxLength={300}
              value={block.data.text}
              onChange={(event) => store.setData(block.id, { text: event.currentTarget.value })}
            />
          </div>
        </Section>
      ) : null}

      {block.type === 'divider' ? (
        <Section title="Divider">
          <label className="form-check nb-wide">
            <input
              className="form-check-input"
              type="checkbox"
              checked={s.showDivider === 1}
              onChange={(event) => set({ showDivider: event.currentTarget.checked ? 1 : 0 })}
            />
            <span className="form-check-label">Show the line</span>
          </label>
          <NumberField label="Line width" value={s.width} min={5} max={100} unit="%" onChange={(width) => set({ width })} />
        </Section>
      ) : null}

      {block.type === 'spacer' ? (
        <Section title="Spacer">
          <NumberField label="Height" value={s.height} max={2000} unit="px" onChange={(height) => set({ height })} />
        </Section>
      ) : null}

      {block.type === 'columns' ? (
        <Section title="Columns">
          <ChoiceField
            label="Column sizes"
            value={s.columnSize}
            choices={COLUMN_SIZES}
            labels={COLUMN_SIZE_LABELS}
            onChange={(columnSize) => set({ columnSize })}
          />
          <NumberField label="Border around each column" value={s.borderColumn} max={20} unit="px" onChange={(borderColumn) => set({ borderColumn })} />
          <NumberField label="Line between the columns" value={s.borderCenter} max={20} unit="px" onChange={(borderCenter) => set({ borderCenter })} />
        </Section>
      ) : null}

      <Section title="Padding">
        <NumberField
          label="All sides"
          value={samePadding ? s.padding.top : ''}
          placeholder="Mixed"
          max={200}
          unit="px"
          onChange={(n) => padding({ top: n, right: n, bottom: n, left: n })}
        />
        {SIDES.map(([side, label]) => (
          <NumberField key={side} label={label} value={s.padding[side]} max={200} unit="px" onChange={(n) => padding({ [side]: n })} />
        ))}
      </Section>

      <Section title="Box">
        <NumberField label="Margin" value={s.margin} max={200} unit="px" onChange={(margin) => set({ margin })} />
        <NumberField
          label={block.type === 'divider' ? 'Line thickness' : 'Border'}
          value={s.border}
          max={20}
          unit="px"
          onChange={(border) => set({ border })}
        />
        <ColourField
          label={block.type === 'divider' ? 'Line colour' : 'Border colour'}
          value={s.borderColor}
          noneLabel="None"
          onChange={(borderColor) => set({ borderColor })}
        />
        <NumberField label="Corner radius" value={s.borderRadius} max={100} unit="px" onChange={(borderRadius) => set({ borderRadius })} />
        <ColourField label="Background" value={s.backgroundColor} noneLabel="Transparent" onChange={(backgroundColor) => set({ backgroundColor })} />
      </Section>
    </form>
  );
}
