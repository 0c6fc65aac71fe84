// Messages shown to people, free of zod so a screen can import them without the schemas.

export const REPLY_MESSAGES = {
  invalid: 'Please provide a valid recipient email and message.',
  sent: 'Reply sent successfully!',
} as const;
