// What the Settings screen and its API tell the merchant, word for word.
export const SETTINGS_MESSAGES = {
  shopName: "Enter the shop's name.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  kraPin: 'Enter a KRA PIN like P051234567X, or leave it empty.',
  phone: 'Enter a Kenyan phone number, such as 0712 345 678 or +254 712 345 678.',
  email: 'Enter an e-mail address, such as support@example.co.ke.',
  socialLink: 'Enter the full address, starting with https://, or leave it empty.',
  returnWindow: 'Enter a number of days from 0 to 365.',
  slideTitle: 'Give the slide a title.',
  slideImage: 'Upload an image for this slide.',
  slideImageMissing: 'That image is not in the shop any more. Upload it again.',
  slideLink: 'Enter an address in the shop, starting with /, such as /products?category=laptops.',
  tooManySlides: (max: number) => `Use at most ${max} slides.`,
  saved: 'Settings saved.',
} as const;
