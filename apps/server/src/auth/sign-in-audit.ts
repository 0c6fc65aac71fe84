// Staff sign-ins in the audit log (issue 25): every one, and every failed one of a staff
// account (a wrong password, a wrong two-step code, a wrong or refused code sent to its phone).
// Shoppers' log-ins are not recorded here.
import type { FastifyRequest } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from './schema.ts';
import { auditOf } from '../audit/trail.ts';

type Person = { id: number; email: string | null; role: string | null };

export async function recordSignIn(db: Db, request: FastifyRequest, user: Person) {
  if (!user.role) return;
  await auditOf(request, user).record(db, {
    action: 'staff.sign_in',
    entity: 'user',
    entityId: user.id,
    after: { two_factor: request.url.includes('/2fa') },
  });
}

export async function recordFailedSignIn(
  db: Db,
  request: FastifyRequest,
  who: { email: string } | { id: number } | { verifiedPhone: string },
  step: 'password' | 'two-step code' | 'phone code',
) {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(
      'id' in who
        ? eq(users.id, who.id)
        : 'email' in who
          ? eq(users.email, who.email)
          : and(eq(users.phoneNumber, who.verifiedPhone), isNotNull(users.phoneVerifiedAt)),
    );
  if (!user?.role) return;
  await auditOf(request, user).record(db, {
    action: 'staff.sign_in.failed',
    entity: 'user',
    entityId: user.id,
    after: { step },
  });
}
