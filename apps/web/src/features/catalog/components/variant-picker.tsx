// The product page's options (issue 21): each option a radio group named after it, each value a
// radio drawn as a button; sold-out values are disabled and say so.
import type { ProductOption } from '@duka/domain';
import { isValueAvailable, type VariantChoice } from '@duka/domain/catalog/variant-choice';
import type { Product } from '@duka/domain';
import { useCatalogText } from '../text.ts';
import { useOptionName } from './option-name.ts';

export function VariantPicker({
  product,
  choice,
  onPick,
  prompt,
}: {
  product: Pick<Product, 'id' | 'options' | 'variants'>;
  choice: VariantChoice;
  onPick: (option: string, value: string) => void;
  /** 'Please choose a size.' after Add to Cart without a choice. */
  prompt?: { option: string; message: string } | undefined;
}) {
  return (
    <div className="mt-5 space-y-4">
      {product.options.map((option) => (
        <OptionGroup
          key={option.name}
          productId={product.id}
          option={option}
          chosen={choice[option.name]}
          available={(value) => isValueAvailable(product, choice, option.name, value)}
          onPick={(value) => onPick(option.name, value)}
          prompt={prompt?.option === option.name ? prompt.message : undefined}
        />
      ))}
    </div>
  );
}

function OptionGroup({
  productId,
  option,
  chosen,
  available,
  onPick,
  prompt,
}: {
  productId: number;
  option: ProductOption;
  chosen: string | undefined;
  available: (value: string) => boolean;
  onPick: (value: string) => void;
  prompt: string | undefined;
}) {
  const t = useCatalogText();
  const optionName = useOptionName();
  const labelId = `option-${productId}-${option.name.replace(/\W+/g, '-')}`;
  const promptId = `${labelId}-prompt`;
  return (
    <div>
      <p id={labelId} className="text-sm font-medium text-slate-700">
        {optionName(option.name)}
        {chosen !== undefined && <span className="font-normal text-slate-600">: {chosen}</span>}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={prompt ? promptId : undefined}
        aria-invalid={prompt ? true : undefined}
        className="mt-2 flex flex-wrap gap-2"
      >
        {option.values.map((value) => {
          const soldOut = !available(value);
          return (
            <label
              key={value}
              className={`relative inline-flex min-h-10 min-w-11 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-1 ${
                chosen === value
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : soldOut
                    ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400 line-through'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'
              }`}
            >
              <input
                type="radio"
                className="sr-only"
                name={labelId}
                value={value}
                checked={chosen === value}
                disabled={soldOut}
                onChange={() => onPick(value)}
              />
              {value}
              {soldOut && <span className="sr-only">{` ${t('variantPicker.soldOut')}`}</span>}
            </label>
          );
        })}
      </div>
      {prompt && (
        <p id={promptId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {prompt}
        </p>
      )}
    </div>
  );
}
