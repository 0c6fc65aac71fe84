// A product's optional Kiswahili title and description (issue 37), under the English ones on Add
// Product and the product editor. The back office itself stays English.
import { useId } from 'react';
import { Field, inputClass } from '../../../components/ui/field.tsx';

export const KISWAHILI_HINT =
  'Shown in the Kiswahili shop (/sw/). Leave empty to show the English text.';

export interface KiswahiliValues {
  titleSw: string;
  descriptionSw: string;
}

/** What the form shows for a product's Kiswahili texts (none: empty boxes). */
export const kiswahiliValuesOf = (p: {
  title_sw: string | null;
  description_sw: string | null;
}): KiswahiliValues => ({ titleSw: p.title_sw ?? '', descriptionSw: p.description_sw ?? '' });

/** The body's fields: an empty box is sent as '', which the server stores as none. */
export const kiswahiliBodyOf = (v: KiswahiliValues) => ({
  title_sw: v.titleSw,
  description_sw: v.descriptionSw,
});

/** The field's own description, and its error's when it has one. */
const describedBy = (hintId: string, errorId: string | undefined) =>
  [errorId, hintId].filter(Boolean).join(' ');

export function KiswahiliFields({
  values,
  errors,
  onChange,
  rows = 4,
}: {
  values: KiswahiliValues;
  errors: Record<string, string>;
  onChange: (key: keyof KiswahiliValues, value: string) => void;
  rows?: number;
}) {
  const hintId = useId();
  return (
    <div className="space-y-4">
      <Field label="Kiswahili title (optional)" error={errors.title_sw}>
        {(a11y) => (
          <input
            {...a11y}
            aria-describedby={describedBy(hintId, a11y['aria-describedby'])}
            lang="sw"
            className={inputClass}
            value={values.titleSw}
            onChange={(e) => onChange('titleSw', e.target.value)}
          />
        )}
      </Field>
      <Field label="Kiswahili description (optional)" error={errors.description_sw}>
        {(a11y) => (
          <textarea
            {...a11y}
            aria-describedby={describedBy(hintId, a11y['aria-describedby'])}
            lang="sw"
            rows={rows}
            className={inputClass}
            value={values.descriptionSw}
            onChange={(e) => onChange('descriptionSw', e.target.value)}
          />
        )}
      </Field>
      <p id={hintId} className="text-xs text-slate-500">
        {KISWAHILI_HINT}
      </p>
    </div>
  );
}
