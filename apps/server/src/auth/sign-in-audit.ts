// Staff sign-ins in the audit log (issue 25): every one, and every failed one of a staff
// account (a wrong password or a wrong two-step code). Shoppers' log-ins are not recorded here.
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from './schema.ts';
import { auditOf } from '../audit/trail.ts';

type Person = { id: number; email: string; role: string | null };

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
  who: { email: string } | { id: number },
  step: 'password' | 'two-step code',
) {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where('id' in who ? eq(users.id, who.id) : eq(users.email, who.email));
  if (!user?.role) return;
  await auditOf(request, user).record(db, {
    action: 'staff.sign_in.failed',
    entity: 'user',
    entityId: user.id,
    after: { step },
  });
}
