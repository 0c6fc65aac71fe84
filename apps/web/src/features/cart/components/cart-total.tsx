import type { CartLine } from '@duka/domain';
import { cartTotalCents } from '@duka/domain/pricing/cart-total';
import { formatKsh } from '@duka/domain/pricing/money';
import { useCartText } from '../text.ts';

/** SPEC §2.6 'Total Price': the domain's cart total, which ignores incomplete lines (§5). */
export function CartTotal({ lines }: { lines: CartLine[] }) {
  const t = useCartText();
  return (
    <p className="flex w-full items-baseline justify-between gap-3 sm:mr-auto sm:w-auto sm:justify-start">
      <span className="font-semibold text-slate-700">{t('cartTotal.label')}</span>
      <span className="text-xl font-bold text-brand-800" data-testid="cart-total">
        {formatKsh(cartTotalCents(lines))}
      </span>
    </p>
  );
}
