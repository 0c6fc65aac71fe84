// Messages shown to people, free of zod so a screen can import them without the schemas.

/** SPEC §5 and §8, word for word. */
export const CART_MESSAGES = {
  alreadyInCart: 'Item is already in your cart.',
  alreadyInWishlist: 'Item is already in your wishlist.',
  loginForCart: 'You need to log in to add items to the cart.',
  loginForWishlist: 'You need to log in to add items to the wishlist.',
  addedToCart: 'Product successfully added to your cart!',
  removedFromCart: 'Product successfully removed from your cart.',
  addedToWishlist: 'Product successfully added to your wishlist!',
  removedFromWishlist: 'Product successfully removed from your wishlist.',
  addToCartFailed: 'Failed to add item to cart.',
  removeFromCartFailed: 'Failed to remove item from cart.',
  addToWishlistFailed: 'Failed to add item to wishlist.',
  removeFromWishlistFailed: 'Failed to remove item from wishlist.',
  cartLoadFailed: 'Failed to fetch cart data',
  wishlistLoadFailed: 'Failed to fetch wishlist data',
} as const;

/** 'Add to Cart' before a size is chosen (issue 21): 'Please choose a size.' */
export function chooseOptionMessage(optionName: string | undefined): string {
  return `Please choose a ${(optionName ?? 'variant').toLowerCase()}.`;
}

export const VARIANT_MESSAGES = {
  notOfProduct: 'This choice is not sold for this product.',
  severalLines: 'Say which of the lines of this product: add its variant_id.',
} as const;
