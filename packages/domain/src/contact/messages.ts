// Messages shown to people, free of zod so a screen can import them without the schemas.

/** SPEC §5 and §2.10, word for word. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  phoneRequired: 'Phone number is required',
  phoneNumeric: 'Phone number must be numeric',
  messageRequired: 'Message is required',
  submitted: 'Submitted successfully',
  toast: 'Your message has been submitted successfully. Our team will get back to you shortly!',
} as const;
