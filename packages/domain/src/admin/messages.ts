// Messages shown to people, free of zod so a screen can import them without the schemas.

export const REPLY_MESSAGES = {
  invalid: 'Please provide a valid recipient email and message.',
  sent: 'Reply sent successfully!',
} as const;

export const PRODUCT_EDIT_MESSAGES = {
  discount: 'Please enter a valid discount percentage between 0 and 100.',
  stock: 'Please enter a valid number for stock change.',
  price: 'Please enter a valid price.',
  exactlyOne: 'Send exactly one of price, discount_percentage or stock.',
  permissionPrice: 'You do not have permission to edit prices.',
  permissionDiscount: 'You do not have permission to update discounts.',
  permissionStock: 'You do not have permission to change stock.',
  permissionAdd: 'You do not have permission to add products.',
  addFailed: 'Failed to add product. Please try again.',
} as const;
