// What the shop says about promotions (issue 36), word for word on the screens and in the API's
// errors. Free of zod so a screen can import them without the schemas.
import { formatKsh } from '../pricing/money.ts';
import type { CouponOutcome } from './engine-types.ts';

/** What a shopper is told about the code they typed (a refused code is a 422 with one of these). */
export const COUPON_MESSAGES = {
  fieldLabel: 'Have a coupon code?',
  invalid: 'This code is not valid.',
  expired: 'This code has expired.',
  notStarted: 'This code cannot be used yet.',
  usedUp: 'This code has been used up.',
  used: 'You have already used this code.',
  firstOrder: 'This code is for your first order only.',
  notApplicable: 'This code does not apply to your order.',
  betterOffer: 'Your order already has a better offer than this code.',
  tooManyTries: 'Too many wrong codes. Please wait a few minutes and try again.',
  /** An offer ran out between the summary and the order (its last use or unit went to another). */
  offerChanged:
    'An offer in your order has just run out. Please check your new total and try again.',
} as const;

/** 'Spend Ksh 2,000 or more to use this code.' */
export function minOrderMessage(minOrderCents: number): string {
  return `Spend ${formatKsh(minOrderCents)} or more to use this code.`;
}

/** Why a code was refused, in plain words. */
export function couponRefusalMessage(
  refusal: Extract<CouponOutcome, { status: 'refused' }>,
): string {
  switch (refusal.reason) {
    case 'min_order':
      return minOrderMessage(refusal.minOrderCents);
    case 'expired':
      return COUPON_MESSAGES.expired;
    case 'not_started':
      return COUPON_MESSAGES.notStarted;
    case 'used_up':
      return COUPON_MESSAGES.usedUp;
    case 'used':
      return COUPON_MESSAGES.used;
    case 'first_order':
      return COUPON_MESSAGES.firstOrder;
    case 'not_applicable':
      return COUPON_MESSAGES.notApplicable;
    case 'better_offer':
      return COUPON_MESSAGES.betterOffer;
    case 'invalid':
      return COUPON_MESSAGES.invalid;
  }
}

/** What the back office's promotion form and the admin API say about bad input. */
export const PROMOTION_EDIT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
  code: 'A code is 1 to 40 letters, digits, dashes or underscores.',
  type: 'Choose percent_off, amount_off, free_delivery, buy_x_get_y or sale_price.',
  number: 'Enter a number.',
  percent: 'Enter a percentage from 0.01 to 100, with at most two decimals.',
  amount: 'Enter a whole number of shillings from Ksh 1 to Ksh 20,000,000.',
  deliveryAmount: 'Enter a whole number of shillings from Ksh 1 to Ksh 100,000.',
  minOrder: 'Enter a minimum from Ksh 0 to Ksh 20,000,000, in whole shillings.',
  quantity: 'Enter a whole number from 1 to 1,000.',
  quantityCap: 'Enter a whole number of at least 1, or leave it empty for no cap.',
  limit: 'Enter a whole number of at least 1, or leave it empty for no limit.',
  instant: 'Enter a date and time with its offset, such as 2026-11-27T09:00:00+03:00.',
  endBeforeStart: 'The end must be after the start.',
  percentRequired: 'Enter the percentage off.',
  amountRequired: 'Enter the amount off.',
  buyRequired: 'Enter how many the shopper buys.',
  getRequired: 'Enter how many the shopper gets.',
  saleRequired: 'Enter a sale price or a percentage off.',
  saleBoth: 'Enter a sale price or a percentage off, not both.',
  saleTargets: 'Choose the products or variants on sale.',
  saleOnlyProducts: 'A sale is for chosen products or variants only.',
  saleNoCode: 'A sale is for everyone: leave the code empty.',
  notForType: 'Not used by this kind of promotion.',
  exclusiveCombinable: 'An exclusive promotion does not combine with others.',
  productIds: 'Choose products by their ids.',
  variantIds: 'Choose variants by their ids.',
  brand: 'Enter a brand as the catalogue names it.',
  tooMany: 'At most 1,000 of these.',
  chooseCounties: 'Choose at least one county.',
  nothingToChange: 'Nothing to change.',
} as const;
