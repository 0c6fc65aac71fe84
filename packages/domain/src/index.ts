export * from './common/schemas.ts';
export * from './pricing/money.ts';
export * from './pricing/cart-total.ts';
export * from './pricing/checkout-totals.ts';
export * from './catalog/constants.ts';
export * from './catalog/schemas.ts';
export * from './auth/schemas.ts';
