// What the chosen kind of promotion gives: only its own fields are shown (the others keep what was
// typed, in case the kind is switched back).
import { useId } from 'react';
import { CountyChoice } from './county-choice.tsx';
import type { FieldErrors, PromotionDraft } from './promotion-draft.ts';
import { errorAt, InputField } from './promotion-fields.tsx';

export interface DraftProps {
  draft: PromotionDraft;
  set: (change: Partial<PromotionDraft>) => void;
  errors: FieldErrors;
}

const number = { inputMode: 'decimal' as const, autoComplete: 'off' };

export function TypeFields({ draft, set, errors }: DraftProps) {
  const id = useId();
  switch (draft.type) {
    case 'percent_off':
      return (
        <InputField
          label="Percentage off (%)"
          hint="Off the items it applies to, such as 10 for 10% off."
          {...number}
          value={draft.percentOff}
          onValue={(percentOff) => set({ percentOff })}
          error={errors.value}
        />
      );
    case 'amount_off':
      return (
        <InputField
          label="Amount off (Ksh)"
          hint="Off the items it applies to, never more than they cost."
          {...number}
          value={draft.amountOff}
          onValue={(amountOff) => set({ amountOff })}
          error={errors.value}
        />
      );
    case 'free_delivery':
      return (
        <>
          <InputField
            label="Off the delivery fee (Ksh)"
            hint="Leave it empty to make delivery free."
            {...number}
            value={draft.deliveryOff}
            onValue={(deliveryOff) => set({ deliveryOff })}
            error={errors.value}
          />
          <CountyChoice
            all={draft.allCounties}
            chosen={draft.counties}
            error={errorAt(errors, 'counties')}
            onChange={set}
          />
        </>
      );
    case 'buy_x_get_y':
      return (
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label="Buy (units)"
            {...number}
            value={draft.buyQuantity}
            onValue={(buyQuantity) => set({ buyQuantity })}
            error={errors.buy_quantity}
          />
          <InputField
            label="Get (units)"
            {...number}
            value={draft.getQuantity}
            onValue={(getQuantity) => set({ getQuantity })}
            error={errors.get_quantity}
          />
          <InputField
            label="Off the units they get (%)"
            hint="100 makes them free. The cheapest units are the ones given."
            {...number}
            value={draft.getPercent}
            onValue={(getPercent) => set({ getPercent })}
            error={errors.get_percent}
          />
        </div>
      );
    case 'sale_price':
      return (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Priced by</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-sale-by`}
                  className="h-5 w-5 accent-brand-700"
                  checked={draft.saleBy === 'price'}
                  onChange={() => set({ saleBy: 'price' })}
                />
                A sale price
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-sale-by`}
                  className="h-5 w-5 accent-brand-700"
                  checked={draft.saleBy === 'percent'}
                  onChange={() => set({ saleBy: 'percent' })}
                />
                A percentage off
              </label>
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {draft.saleBy === 'price' ? (
              <InputField
                label="Sale price (Ksh)"
                hint="What one unit costs during the sale."
                {...number}
                value={draft.salePrice}
                onValue={(salePrice) => set({ salePrice })}
                error={errors.sale_price}
              />
            ) : (
              <InputField
                label="Percentage off (%)"
                hint="Off each unit's shelf price during the sale."
                {...number}
                value={draft.salePercent}
                onValue={(salePercent) => set({ salePercent })}
                error={errors.value}
              />
            )}
            <InputField
              label="Units at this price"
              hint="The first this many sold; leave it empty for no cap."
              {...number}
              value={draft.quantityCap}
              onValue={(quantityCap) => set({ quantityCap })}
              error={errors.quantity_cap}
            />
          </div>
        </>
      );
  }
}

/** The API's fields the kind's inputs show, so an error at any other is still shown at the top. */
export function typeFieldsShown(draft: PromotionDraft): string[] {
  switch (draft.type) {
    case 'percent_off':
    case 'amount_off':
      return ['value'];
    case 'free_delivery':
      return ['value', 'counties'];
    case 'buy_x_get_y':
      return ['buy_quantity', 'get_quantity', 'get_percent'];
    case 'sale_price':
      return [draft.saleBy === 'price' ? 'sale_price' : 'value', 'quantity_cap'];
  }
}
