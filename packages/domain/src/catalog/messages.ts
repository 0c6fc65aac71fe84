// What the back office's product screens say (SPEC §2.14). No zod here: screens import it alone.
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
