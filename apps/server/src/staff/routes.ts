// Staff and their roles (decision record 021): the Staff screen, invitations and their
// acceptance, the shop's two-step setting, and the specification's 'Make Admin' / 'Revoke Admin'.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationSchema,
  adminUserSchema,
  apiErrorSchema,
  idParamSchema,
  invitationIdParamSchema,
  invitationTokenSchema,
  invitationViewSchema,
  inviteStaffSchema,
  messageSchema,
  newStaffInvitationSchema,
  roleChangeSchema,
  setAdminSchema,
  staffListSchema,
  staffSettingsSchema,
  userIdParamSchema,
} from '@duka/domain';
import { z } from 'zod';
import { toAdminUser } from '../auth/admin-service.ts';
import { assertCan, currentUser } from '../auth/plugin.ts';
import { auditOf } from '../audit/trail.ts';
import {
  acceptInvitation,
  invitationMailRenderer,
  INVITATION_KIND,
  invite,
  viewInvitation,
  waitingForMail,
  withdrawInvitation,
} from './invitations.ts';
import { setAdminRights } from './roles.ts';
import { listStaff, setRequireTwoFactor, setStaffRole } from './service.ts';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.outbox.renderers.set(INVITATION_KIND, invitationMailRenderer(db));

  app.get(
    '/admin/staff',
    {
      onRequest: app.requirePermission('staff.manage'),
      schema: {
        tags,
        summary: 'Staff with their roles and two-step sign-in, and invitations not yet accepted',
        security,
        response: { 200: staffListSchema },
      },
    },
    async () => listStaff(db),
  );

  app.post(
    '/admin/staff/invitations',
    {
      onRequest: app.requirePermission('staff.manage'),
      schema: {
        tags,
        summary: 'E-mail a single-use link (72 hours) to join the staff in a role',
        description:
          'An address already on the staff: 409 ALREADY_STAFF. A newer invitation ends the older. `delivery`: `queued` for the mail server, or `held` while the shop has none (no SMTP_URL): the link is made, and its 72 hours start, when the mail goes.',
        security,
        body: inviteStaffSchema,
        response: { 201: newStaffInvitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await invite(db, request.body, currentUser(request).id, auditOf(request));
      return reply.code(201).send({
        id: row.id,
        email: row.email,
        role: row.role,
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        waiting_for_mail: waitingForMail(row),
        delivery: app.outbox.emailDelivery(),
      });
    },
  );

  app.patch(
    '/admin/staff/:userId',
    {
      onRequest: app.requirePermission('staff.manage'),
      schema: {
        tags,
        summary: "Change a staff member's role (on their next request); never the last owner's",
        description: "Every session of theirs ends (but the caller's own, for one's own role).",
        security,
        params: userIdParamSchema,
        body: roleChangeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const { sessionId } = currentUser(request);
      await setStaffRole(db, userId, request.body.role, auditOf(request), sessionId);
      return { message: 'Role changed.' };
    },
  );

  app.delete(
    '/admin/staff/:userId',
    {
      onRequest: app.requirePermission('staff.manage'),
      schema: {
        tags,
        summary: 'Take staff access away and end every session of theirs at once',
        security,
        params: userIdParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { sessionId } = currentUser(request);
      await setStaffRole(db, request.params.userId, null, auditOf(request), sessionId);
      return { message: 'Removed from the staff.' };
    },
  );

  app.delete(
    '/admin/staff/invitations/:id',
    {
      onRequest: app.requirePermission('staff.manage'),
      schema: {
        tags,
        summary: 'Withdraw an invitation not yet accepted: its link stops working at once',
        description:
          'No such invitation: 404. Accepted already (remove the person instead): 409 INVITATION_ACCEPTED; withdrawn, replaced or expired: 409 INVITATION_NOT_PENDING.',
        security,
        params: invitationIdParamSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await withdrawInvitation(db, request.params.id, auditOf(request));
      return { message: 'Invitation withdrawn.' };
    },
  );

  app.put(
    '/admin/staff/settings',
    {
      // Turning the requirement off is never refused for want of two-step sign-in.
      onRequest: app.requirePermission('settings.write', { gateInHandler: true }),
      schema: {
        tags,
        summary: 'Require two-step sign-in of all staff (403 MFA_SETUP_REQUIRED until set up)',
        description:
          'Turning it on needs two-step sign-in of the caller (409 MFA_REQUIRED_FIRST); turning it off is always allowed to those with `settings.write`.',
        security,
        body: staffSettingsSchema,
        response: {
          200: staffSettingsSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const required = request.body.require_two_factor;
      if (required) assertCan(request, 'settings.write');
      await setRequireTwoFactor(db, required, currentUser(request).id, auditOf(request));
      return request.body;
    },
  );

  app.post(
    '/staff-invitations/check',
    {
      schema: {
        tags,
        summary: 'What an invitation link is for (410 when it no longer works)',
        body: invitationTokenSchema,
        response: { 200: invitationViewSchema, 400: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) => viewInvitation(db, request.body.token),
  );

  app.post(
    '/staff-invitations/accept',
    {
      schema: {
        tags,
        summary: "Accept: a new account (the sign-up rules) or the address's account's password",
        body: acceptInvitationSchema,
        response: {
          200: messageSchema.extend({ email: z.string() }),
          ...errors,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      acceptInvitation({ db, limits: app.limits }, request.body, (who) => auditOf(request, who)),
  );

  app.patch(
    '/admin/users/:id',
    {
      onRequest: app.requirePermission('staff.manage'),
      schema: {
        tags,
        summary: "'Make Admin' (a shopper becomes a manager) or 'Revoke Admin' (no staff access)",
        description:
          'The last owner cannot be demoted (409 LAST_OWNER). A change ends every session of the person.',
        security,
        params: idParamSchema,
        body: setAdminSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { sessionId } = currentUser(request);
      const changed = await setAdminRights(
        db,
        id,
        request.body.is_admin,
        auditOf(request),
        sessionId,
      );
      return toAdminUser(changed.after);
    },
  );
};

export default staffRoutes;
