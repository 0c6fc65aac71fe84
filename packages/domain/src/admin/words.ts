// The back office in words (issue 33): every code the shop stores — audit actions and record
// types, the fields a change names, order and payment states, payment methods, roles — as a
// person reads it. One table for every screen (and the server's own messages where they show).
import type { OrderStatus } from '../orders/lifecycle.ts';
import type { PaymentMethod } from '../payments/schemas.ts';
import type { MoneyStateName } from '../payments/money-state.ts';
import type { RefundStatus } from '../payments/refund-schemas.ts';
import { formatKsh } from '../pricing/money.ts';
import { ROLE_LABELS, type Role } from '../staff/permissions.ts';
import { TAX_TYPE_LABELS, type TaxType } from '../tax/tax-types.ts';

/** Each audit action the server writes (apps/server: `action: '…'`); a test keeps them in step. */
export const AUDIT_ACTION_WORDS: Record<string, string> = {
  'product.create': 'Product added',
  'product.update': 'Product details changed',
  'product.price.update': 'Price changed',
  'product.discount.update': 'Discount changed',
  'product.stock.update': 'Stock changed',
  'product.sku.update': 'SKU changed',
  'product.variant.update': 'Variant changed',
  'product.variant.create': 'Variant added',
  'product.variant.delete': 'Variant taken off sale',
  'product.options.update': 'Sizes and colours changed',
  'product.tax.update': 'Product tax changed',
  'product.import': 'Products imported',
  'category.tax.update': 'Category tax class changed',
  'search.synonyms.update': 'Search synonyms changed',
  'review.hide': 'Review hidden',
  'review.show': 'Review shown again',
  'order.status.update': 'Order status changed',
  'order.shipment.update': 'Courier or tracking number changed',
  'order.export': 'Orders exported',
  'return.update': 'Return approved, refused or received',
  'payment.refund': 'Payment refunded',
  'payment.refund.retry': 'Refund tried again',
  'payment.assign': 'M-Pesa payment matched to an order',
  'payment.unmatched.refund': 'Unmatched M-Pesa payment refunded',
  'payment.unmatched.close': 'Unmatched M-Pesa payment closed',
  'payment.collect': 'Payment collected on delivery',
  'payment.statement.upload': 'M-Pesa statement uploaded',
  'payment.c2b_registration.request': 'Paybill registration requested',
  'invoice.retry': 'Tax invoice sent again',
  'delivery.county.update': 'County delivery changed',
  'delivery.pickup_point.create': 'Pickup point added',
  'delivery.pickup_point.update': 'Pickup point changed',
  'delivery.pickup_point.delete': 'Pickup point removed',
  'promotion.create': 'Promotion added',
  'promotion.update': 'Promotion changed',
  'promotion.delete': 'Promotion removed',
  'contact.reply': 'Customer message answered',
  'outbox.resend': 'Message sent again',
  'user.email.update': 'E-mail address changed',
  'user.password.update': 'Password changed',
  'user.password.reset_from_shell': 'Password reset from the server',
  'user.2fa.enable': 'Two-step sign-in turned on',
  'user.2fa.disable': 'Two-step sign-in turned off',
  'staff.sign_in': 'Signed in',
  'staff.sign_in.failed': 'Sign-in refused',
  'staff.invite': 'Staff member invited',
  'staff.invitation.withdraw': 'Invitation withdrawn',
  'staff.invitation.accept': 'Invitation accepted',
  'staff.role.update': 'Role changed',
  'staff.remove': 'Removed from staff',
  'settings.staff.update': 'Staff settings changed',
  'settings.update': 'Shop settings changed',
  'audit.chain.seal': 'Older log rows sealed',
};

/** The records an audit row is about (its `entity`). */
export const RECORD_TYPE_WORDS: Record<string, string> = {
  product: 'Product',
  product_import: 'Product import',
  category: 'Category',
  search_synonyms: 'Search synonyms',
  review: 'Review',
  order: 'Order',
  payment: 'Payment',
  refund: 'Refund',
  return: 'Return',
  mpesa_statement: 'M-Pesa statement',
  mpesa_c2b: 'Unmatched M-Pesa payment',
  mpesa_registration: 'Paybill registration',
  invoice: 'Tax invoice',
  county: 'County',
  pickup_point: 'Pickup point',
  promotion: 'Promotion',
  contact: 'Customer message',
  outbox: 'Outgoing message',
  user: 'Account',
  staff_invitation: 'Staff invitation',
  settings: 'Settings',
  audit_log: 'Audit log',
};

/** The fields a change names (snake_case; camelCase keys are read as snake_case). */
const FIELD_WORDS: Record<string, string> = {
  title: 'Title',
  brand: 'Brand',
  description: 'Description',
  category_id: 'Category',
  tags: 'Tags',
  sku: 'SKU',
  price_cents: 'Price',
  discount_bp: 'Discount',
  stock: 'Stock',
  tax_type: 'Tax type',
  item_class_code: 'KRA item class',
  weight_grams: 'Weight',
  width_mm: 'Width',
  height_mm: 'Height',
  depth_mm: 'Depth',
  warranty_information: 'Warranty',
  shipping_information: 'Shipping information',
  return_policy: 'Return policy',
  images: 'Images',
  options: 'Sizes and colours',
  status: 'Status',
  courier: 'Courier',
  tracking_number: 'Tracking number',
  refund_reference: 'Refund reference',
  attempt: 'Attempt',
  payments_refunded: 'Payments refunded',
  amount_cents: 'Amount',
  order_id: 'Order',
  payment_id: 'Payment',
  mpesa_receipt: 'M-Pesa receipt',
  outcome: 'Outcome',
  method: 'Method',
  reference: 'Reference',
  email: 'E-mail',
  password: 'Password',
  other_sessions: 'Other sessions',
  two_factor: 'Two-step sign-in',
  require_two_factor: 'Two-step sign-in required of staff',
  step: 'Step',
  role: 'Role',
  invitation_id: 'Invitation',
  to: 'To',
  kind: 'Kind',
  outbox_id: 'Message',
  hidden: 'Hidden',
  product_id: 'Product',
  synonyms: 'Synonyms',
  bytes: 'Size (bytes)',
  name: 'Name',
  fee_cents: 'Delivery fee',
  eta_min_days: 'Fewest days',
  eta_max_days: 'Most days',
  pay_on_delivery: 'Pay on delivery',
  pay_on_delivery_max_cents: 'Pay on delivery up to',
  county_code: 'County',
  address: 'Address',
  opening_hours: 'Opening hours',
  phone: 'Phone',
  active: 'Open',
  rows: 'Rows',
  created: 'Added',
  updated: 'Changed',
  unchanged: 'Unchanged',
  refused: 'Refused',
  from: 'From',
  shortcode: 'Shortcode',
  code: 'Code',
  type: 'Kind',
  percent_bp: 'Percentage off',
  applies_to: 'Applies to',
  product_ids: 'Products',
  variant_ids: 'Variants',
  categories: 'Categories',
  brands: 'Brands',
  counties: 'Counties',
  buy_quantity: 'Buy',
  get_quantity: 'Get',
  get_percent_bp: 'Off the units given',
  sale_price_cents: 'Sale price',
  quantity_cap: 'Units at the sale price',
  min_order_cents: 'Minimum order',
  starts_at: 'Starts',
  ends_at: 'Ends',
  usage_limit: 'Uses in all',
  per_customer_limit: 'Uses per customer',
  first_order_only: 'First order only',
  exclusive: 'Exclusive',
  combinable: 'Combines with others',
};

const ON_OFF = new Set(['two_factor', 'require_two_factor', 'pay_on_delivery']);

export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Pay on delivery',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  ready_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund_due: 'Paid — refund due',
  refunded: 'Refunded',
  returned_to_sender: 'Returned to sender',
};

/** A payment's state (the payments table's `status`). */
export const PAYMENT_STATUS_WORDS: Record<string, string> = {
  created: 'awaiting payment',
  capturing: 'being confirmed',
  captured: 'paid',
  failed: 'failed',
  cancelled: 'cancelled',
  expired: 'expired',
  refunded: 'refunded',
};

export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  mpesa: 'M-Pesa',
  mpesa_paybill: 'M-Pesa Paybill',
  paypal: 'PayPal',
  pay_on_delivery: 'Pay on delivery',
};

/** Where an order's money stands (decision record 029), as the order lists flag it. */
export const MONEY_STATE_WORDS: Record<MoneyStateName, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** Where a refund stands (decision record 029), as the back office shows it. */
export const REFUND_STATUS_WORDS: Record<RefundStatus, string> = {
  requested: 'Being sent',
  sent: 'Sent, awaiting confirmation',
  confirmed: 'Refunded',
  failed: 'Failed',
};

/** How a refund's money went back. */
export const REFUND_METHOD_WORDS: Record<string, string> = {
  mpesa: 'M-Pesa',
  paypal: 'PayPal',
  cash: 'Cash',
  manual: 'By hand',
};

/** A tax invoice's state on the Invoices screen. */
export const INVOICE_STATUS_WORDS: Record<string, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

/** 'some_code' → 'Some code': the last resort for a code no table knows yet. */
export function codeInWords(code: string): string {
  const text = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'Order status changed' for `order.status.update`. */
export const auditActionWords = (action: string): string =>
  AUDIT_ACTION_WORDS[action] ?? codeInWords(action);

/** 'Pickup point' for `pickup_point`. */
export const recordTypeWords = (entity: string): string =>
  RECORD_TYPE_WORDS[entity] ?? codeInWords(entity);

export const orderStatusWords = (status: string): string =>
  ORDER_STATUS_WORDS[status as OrderStatus] ?? codeInWords(status);

export const paymentMethodWords = (method: string): string =>
  PAYMENT_METHOD_WORDS[method as PaymentMethod] ?? codeInWords(method);

export const roleWords = (role: string | null | undefined): string =>
  role ? (ROLE_LABELS[role as Role] ?? codeInWords(role)) : 'Shopper';

/** 'M-Pesa Paybill · paid': how one payment of an order reads. */
export const paymentWords = (method: string, status: string): string =>
  `${paymentMethodWords(method)} · ${PAYMENT_STATUS_WORDS[status] ?? codeInWords(status).toLowerCase()}`;

const snake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** A changed field's name: 'Two-step sign-in' for `two_factor`; 'Variant 42 / Black' stays. */
export function fieldWords(key: string): string {
  // A key already in words ('variant 42 / Black') keeps its values' case.
  if (key.includes(' ')) return key.charAt(0).toUpperCase() + key.slice(1);
  return FIELD_WORDS[snake(key)] ?? codeInWords(key);
}

/** A changed field's value in words, read by the field (and the record it belongs to). */
export function fieldValueWords(key: string, value: unknown, entity?: string): string {
  const field = snake(key);
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    return ON_OFF.has(field) ? (value ? 'on' : 'off') : value ? 'yes' : 'no';
  }
  if (typeof value === 'number') {
    if (field.endsWith('_cents')) return formatKsh(value);
    if (field.endsWith('_bp')) return `${value / 100} %`;
    if (field.endsWith('_grams')) return `${value.toLocaleString('en-KE')} g`;
    if (field.endsWith('_mm')) return `${value.toLocaleString('en-KE')} mm`;
    return value.toLocaleString('en-KE');
  }
  if (typeof value === 'string') {
    if (field === 'status') {
      if (entity === 'payment') return PAYMENT_STATUS_WORDS[value] ?? value;
      if (entity === 'invoice') return INVOICE_STATUS_WORDS[value] ?? value;
      if (entity === 'order') return orderStatusWords(value);
    }
    if (field === 'role') return roleWords(value);
    if (field === 'tax_type') return TAX_TYPE_LABELS[value as TaxType] ?? value;
    if (field === 'method') {
      return value === 'cash' ? 'Cash' : paymentMethodWords(value);
    }
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((v) => fieldValueWords(key, v, entity)).join(', ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // An option: 'Size: 38, 39, 40'.
    if (typeof record.name === 'string' && Array.isArray(record.values)) {
      return `${record.name}: ${record.values.join(', ')}`;
    }
    return Object.entries(record)
      .map(([k, v]) => `${fieldWords(k)} ${fieldValueWords(k, v, entity)}`)
      .join(', ');
  }
  return String(value);
}

/** 'Two-step sign-in: off' — a field and its value, as a change line reads. */
export const fieldChangeWords = (key: string, value: unknown, entity?: string): string =>
  `${fieldWords(key)}: ${fieldValueWords(key, value, entity)}`;

/**
 * An error from the network or a library, as it reaches a screen, in words: `getaddrinfo
 * ENOTFOUND example.com` → 'The address example.com could not be found'. A sentence already in
 * words is left as it is.
 */
export function errorInWords(raw: string): string {
  const text = raw.trim();
  const host = (pattern: RegExp) => pattern.exec(text)?.[1];
  const notFound = host(/(?:getaddrinfo|querya+)\s+(?:ENOTFOUND|EAI_AGAIN)\s+([^\s,)]+)/i);
  if (notFound) return `The address ${notFound} could not be found`;
  const refused = host(/ECONNREFUSED\s+([^\s,)]+)/i);
  if (refused) return `${refused} refused the connection`;
  if (/ECONNREFUSED/i.test(text)) return 'The other side refused the connection';
  if (/ETIMEDOUT|ESOCKETTIMEDOUT|timed? ?out|UND_ERR_CONNECT_TIMEOUT/i.test(text)) {
    return 'The other side did not answer in time';
  }
  if (/ECONNRESET|socket hang up|other side closed/i.test(text)) {
    return 'The connection was cut off before an answer came';
  }
  if (/EHOSTUNREACH|ENETUNREACH/i.test(text)) return 'The address could not be reached';
  if (/CERT_|certificate|self[- ]signed|SSL|TLS/i.test(text) && /[A-Z_]{6,}|error/i.test(text)) {
    return "The other side's security certificate was not accepted";
  }
  if (/^fetch failed$/i.test(text)) return 'The address could not be reached';
  if (/EAUTH|Invalid login|535[ -]/i.test(text))
    return 'The mail server refused the user name or password';
  return text;
}
