// A promotion as GET /api/admin/promotions lists it, for the feature's tests: a plain 10% coupon
// unless told otherwise.
import type { Promotion } from '@duka/domain';

export function promotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 1,
    name: 'Ten off',
    code: 'TEN',
    type: 'percent_off',
    value: 10,
    applies_to: null,
    counties: null,
    buy_quantity: null,
    get_quantity: null,
    get_percent: null,
    sale_price: null,
    quantity_cap: null,
    min_order: null,
    starts_at: null,
    ends_at: null,
    usage_limit: null,
    per_customer_limit: null,
    first_order_only: false,
    exclusive: false,
    combinable: false,
    uses: 0,
    orders: 0,
    revenue: 0,
    ...overrides,
  };
}
