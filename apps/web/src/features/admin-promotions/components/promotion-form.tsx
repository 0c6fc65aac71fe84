// The form of a promotion, new or changed: its name and code, what it gives (the kind's own
// fields), what it applies to, and its conditions. Checked with the shared schema before it goes;
// what the server refuses (a code taken, a product not in the catalogue) is shown at its field,
// and nothing typed is lost.
import { useState, type FormEvent } from 'react';
import { PROMOTION_TYPES } from '@duka/domain/promotions/engine-types';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  bodyOf,
  type FieldErrors,
  type PromotionBody,
  type PromotionDraft,
} from './promotion-draft.ts';
import { CheckField, FormSection, HintedField, InputField } from './promotion-fields.tsx';
import { TYPE_LABELS } from './promotion-words.ts';
import { TargetFields, targetFieldsShown } from './target-fields.tsx';
import { TypeFields, typeFieldsShown } from './type-fields.tsx';

const TYPE_HINTS: Record<PromotionDraft['type'], string> = {
  percent_off: 'A percentage off the order, or off the items chosen below.',
  amount_off: 'A fixed amount off the order, or off the items chosen below.',
  free_delivery: 'Delivery free, or cheaper, in every county or in those chosen.',
  buy_x_get_y: 'For every few bought, more free or cheaper: the cheapest units are given.',
  sale_price: 'A flash sale: chosen products at a lower price, shown in the shop, for everyone.',
};

/** The API's fields the form always shows. */
const COMMON_FIELDS = [
  'name',
  'code',
  'type',
  'min_order',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_customer_limit',
  'first_order_only',
  'exclusive',
];

export interface PromotionFormProps {
  initial: PromotionDraft;
  /** Sends the body; throws the API's error when it is refused. */
  save: (body: PromotionBody) => Promise<unknown>;
  onSaved: () => void;
  submitLabel: string;
  savingLabel: string;
}

export function PromotionForm({
  initial,
  save,
  onSaved,
  submitLabel,
  savingLabel,
}: PromotionFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<PromotionDraft>) => setDraft((d) => ({ ...d, ...change }));
  const number = { inputMode: 'decimal' as const, autoComplete: 'off' };

  const automatic = draft.code.trim() === '';
  const shown = [
    ...COMMON_FIELDS,
    ...(automatic ? ['combinable'] : []),
    ...typeFieldsShown(draft),
    ...targetFieldsShown(draft),
  ];
  // What no field of the form shows (a rule about the whole promotion) is said at the button.
  const elsewhere = Object.entries(errors)
    .filter(([key]) => !shown.some((field) => key === field || key.startsWith(`${field}.`)))
    .map(([, message]) => message);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const checked = bodyOf(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setProblem('Please correct the fields marked above.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await save(checked.body);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fields);
        setProblem(
          err.status === 403
            ? 'You do not have permission to change promotions.'
            : Object.keys(err.fields).length > 0
              ? 'Please correct the fields marked above.'
              : err.message,
        );
      } else {
        setProblem('The promotion could not be saved. Please try again.');
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-4xl space-y-6">
      <FormSection title="The promotion">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Name"
            hint="Shoppers see it beside the discount."
            value={draft.name}
            onValue={(name) => set({ name })}
            error={errors.name}
            autoComplete="off"
          />
          <InputField
            label="Coupon code"
            hint="What shoppers type at checkout, in any case. Leave it empty for an automatic promotion."
            value={draft.code}
            onValue={(code) => set({ code })}
            error={errors.code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
        <HintedField label="Kind of promotion" hint={TYPE_HINTS[draft.type]} error={errors.type}>
          {(a11y) => (
            <select
              {...a11y}
              className={inputClass}
              value={draft.type}
              onChange={(e) => set({ type: e.target.value as PromotionDraft['type'] })}
            >
              {PROMOTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </HintedField>
        <TypeFields draft={draft} set={set} errors={errors} />
      </FormSection>

      {draft.type !== 'free_delivery' && <TargetFields draft={draft} set={set} errors={errors} />}

      <FormSection title="Conditions" hint="Dates and times are Nairobi's (EAT, UTC+3).">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Starts"
            type="datetime-local"
            hint="Empty: from now."
            value={draft.startsAt}
            onValue={(startsAt) => set({ startsAt })}
            error={errors.starts_at}
          />
          <InputField
            label="Ends"
            type="datetime-local"
            hint="Empty: no end."
            value={draft.endsAt}
            onValue={(endsAt) => set({ endsAt })}
            error={errors.ends_at}
          />
          <InputField
            label="Minimum order (Ksh)"
            hint="The items before delivery; empty: none."
            {...number}
            value={draft.minOrder}
            onValue={(minOrder) => set({ minOrder })}
            error={errors.min_order}
          />
          <InputField
            label="Uses in all"
            hint="Empty: no limit. An unpaid order holds its use until it expires."
            {...number}
            value={draft.usageLimit}
            onValue={(usageLimit) => set({ usageLimit })}
            error={errors.usage_limit}
          />
          <InputField
            label="Uses per customer"
            hint="Empty: no limit."
            {...number}
            value={draft.perCustomerLimit}
            onValue={(perCustomerLimit) => set({ perCustomerLimit })}
            error={errors.per_customer_limit}
          />
        </div>
        <div className="space-y-3">
          <CheckField
            label="First order only"
            hint="For shoppers who have not ordered before."
            checked={draft.firstOrderOnly}
            onChecked={(firstOrderOnly) => set({ firstOrderOnly })}
            error={errors.first_order_only}
          />
          <CheckField
            label="Exclusive"
            hint="Applies alone: the shopper gets it or the other promotions, whichever takes off more."
            checked={draft.exclusive}
            onChecked={(exclusive) => set({ exclusive })}
            error={errors.exclusive}
          />
          {automatic && (
            <CheckField
              label="Combines with other automatic promotions"
              hint="Stacks on a line's best automatic promotion instead of competing with it."
              checked={draft.combinable}
              onChecked={(combinable) => set({ combinable })}
              error={errors.combinable}
            />
          )}
        </div>
      </FormSection>

      {problem && (
        <FormMessage kind="error">
          {problem}
          {elsewhere.map((message) => (
            <span key={message} className="mt-1 block">
              {message}
            </span>
          ))}
        </FormMessage>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? savingLabel : submitLabel}
        </Button>
        <ButtonLink to="/dashboard/promotions" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
