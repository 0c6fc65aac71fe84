import { displayPriceCents, formatKsh, percentToBasisPoints } from '@duka/domain/pricing/money';

export function unitPrice(line: { price: number; discount_percentage: number }): number {
  return displayPriceCents(line.price, percentToBasisPoints(line.discount_percentage));
}

export function LinePrice({ line }: { line: { price: number; discount_percentage: number } }) {
  const sale = unitPrice(line);
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold text-slate-900">{formatKsh(sale)}</span>
      {sale !== line.price && (
        <span className="text-xs text-slate-500 line-through">{formatKsh(line.price)}</span>
      )}
    </span>
  );
}
