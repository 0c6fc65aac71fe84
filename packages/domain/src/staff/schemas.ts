// Staff, invitations, two-step sign-in and the audit log on the wire (issue 25).
import { z } from 'zod';
import { int32FromText, pagingQuery } from '../common/schemas.ts';
import { isoDay } from '../admin/schemas.ts';
import { emailSchema, phoneSchema, usernameSchema } from '../auth/schemas.ts';
import { mailDeliverySchema } from '../outbox/schemas.ts';
import { roleSchema } from './permissions.ts';

export const TWO_FACTOR_CODE_MESSAGE = 'Enter the six-digit code from your authenticator app.';

const sixDigits = z
  .string({ error: TWO_FACTOR_CODE_MESSAGE })
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_CODE_MESSAGE);

// ---------------------------------------------------------------- two-step sign-in

export const mfaChallengeSchema = z
  .object({
    mfa_required: z.literal(true),
    mfa_token: z.string().describe('Good for five minutes, for POST /api/login/2fa only'),
  })
  .meta({ id: 'MfaChallenge' });
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const loginSecondStepSchema = z
  .object({
    mfa_token: z.string().min(1).max(2000),
    code: sixDigits.optional(),
    recovery_code: z.string().trim().min(1).max(40).optional(),
  })
  .refine((v) => v.code !== undefined || v.recovery_code !== undefined, {
    path: ['code'],
    message: TWO_FACTOR_CODE_MESSAGE,
  });

export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('Base32, for typing into an app by hand'),
  otpauth_url: z.string(),
  qr_svg: z.string().describe('The otpauth address as a QR code, an SVG document'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorCodeSchema = z.object({ code: sixDigits });
export const twoFactorDisableSchema = z.object({
  password: z.string().min(1, 'Enter your password.').max(200),
  code: z.string().trim().min(1, TWO_FACTOR_CODE_MESSAGE).max(40),
});
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

// ---------------------------------------------------------------- staff

export const staffMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  two_factor: z.boolean(),
  last_active_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  created_at: z.string(),
  expires_at: z.string(),
  waiting_for_mail: z
    .boolean()
    .describe(
      'Its e-mail has not gone yet (no mail server): the link, and its 72 hours, start when it is sent',
    ),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** POST /api/admin/staff/invitations: the invitation, and whether its mail can go out now. */
export const newStaffInvitationSchema = staffInvitationSchema.extend({
  delivery: mailDeliverySchema,
});
export type NewStaffInvitation = z.infer<typeof newStaffInvitationSchema>;

export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z
    .array(staffInvitationSchema)
    .describe('Not accepted, withdrawn or replaced; within their 72 hours or waiting for mail'),
  require_two_factor: z.boolean(),
});
export type StaffList = z.infer<typeof staffListSchema>;

export const inviteStaffSchema = z.object({ email: emailSchema, role: roleSchema });
export type InviteStaff = z.infer<typeof inviteStaffSchema>;
export const roleChangeSchema = z.object({ role: roleSchema });
export const staffSettingsSchema = z.object({ require_two_factor: z.boolean() });
export const userIdParamSchema = z.object({
  userId: z.coerce.number().int().min(1).max(2147483647),
});
/** DELETE /api/admin/staff/invitations/{id}: withdraws a pending invitation. */
export const invitationIdParamSchema = z.object({ id: int32FromText().positive() });

export const invitationViewSchema = z.object({
  email: z.string(),
  role: roleSchema,
  has_account: z.boolean().describe('The address has an account: confirm with its password'),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;
export const invitationTokenSchema = z.object({ token: z.string().min(10).max(200) });

/** Accepting: a new account (username, phone and password, the sign-up rules) or an existing one. */
export const acceptInvitationSchema = z.object({
  token: z.string().min(10).max(200),
  password: z.string().min(1, 'Enter a password.').max(200),
  username: usernameSchema.optional(),
  phone_number: phoneSchema.optional(),
});
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

// ---------------------------------------------------------------- audit log

export const auditQuerySchema = z
  .object({
    actor: z.string().trim().max(200).optional().describe("The actor's e-mail or id"),
    entity: z.string().trim().max(50).optional(),
    entity_id: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    from: isoDay.describe('First day, YYYY-MM-DD, Nairobi time').optional(),
    to: isoDay.describe('Last day, YYYY-MM-DD, Nairobi time: the whole day').optional(),
    ...pagingQuery(20, 100),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/**
 * A row as the log's screen lists it: with the name of the record where the shop knows one (a
 * product's title, an account's e-mail, a county's name), read now; not part of the hashed row.
 */
export const auditListEntrySchema = auditEntrySchema.extend({
  record_name: z.string().nullable(),
});
export type AuditListEntry = z.infer<typeof auditListEntrySchema>;
export const auditPageSchema = z.object({
  entries: z.array(auditListEntrySchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The audit log's hash chain checked end to end (decision record 025). */
export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  /** Rows read: all of them when ok, up to and including the first bad one otherwise. */
  rows: z.number().int(),
  first_bad_id: z.number().int().nullable(),
  /** What is wrong with that row, in words; null when ok. */
  problem: z.string().nullable(),
  /** The last chained row and its hash, to note somewhere the database cannot reach. */
  head_id: z.number().int().nullable(),
  head_hash: z.string().nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
