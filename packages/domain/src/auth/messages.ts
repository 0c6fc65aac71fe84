// Messages shown to people, free of zod so a screen can import them without the schemas.

/** SPEC §5, word for word. */
export const AUTH_MESSAGES = {
  passwordRule: 'Password must be at least 8 characters long and include numbers and symbols',
  passwordsDiffer: 'Passwords do not match',
  newPasswordsDiffer: 'New passwords do not match',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  phoneRequired: 'Phone number is required',
  invalidEmail: 'Invalid email',
  invalidCredentials: 'Invalid email or password',
} as const;
