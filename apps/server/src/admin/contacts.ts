// The Contacts screen's list: search, a date range that includes the whole end day, sorting.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, gte, ilike, lt, or, sql } from 'drizzle-orm';
import {
  apiErrorSchema,
  contactListQuerySchema,
  contactPageSchema,
  type Contact,
} from '@duka/domain';
import { contacts } from '../db/schema.ts';
import { likePattern } from '../lib/sql.ts';
import { DAY_MS, nairobiDayStart } from './nairobi-time.ts';

export function toContact(row: typeof contacts.$inferSelect): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    submittedAt: row.submittedAt.toISOString(),
    replied_at: row.repliedAt?.toISOString() ?? null,
  };
}

const contactsAdmin: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/admin/contacts',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Contact-form submissions: search name or e-mail, filter by day, sort by date or name',
        security: [{ bearerAuth: [] }],
        querystring: contactListQuerySchema,
        response: { 200: contactPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { q, from, to, sort, order, limit, skip } = request.query;
      const where = and(
        q
          ? or(ilike(contacts.name, likePattern(q)), ilike(contacts.email, likePattern(q)))
          : undefined,
        // Days are Nairobi days; 'to' includes all of its day.
        from ? gte(contacts.submittedAt, nairobiDayStart(from)) : undefined,
        to ? lt(contacts.submittedAt, new Date(nairobiDayStart(to).getTime() + DAY_MS)) : undefined,
      );
      const direction = order === 'desc' ? desc : asc;
      const orderBy =
        sort === 'name'
          ? [direction(sql`lower(${contacts.name})`), direction(contacts.id)]
          : [direction(contacts.submittedAt), direction(contacts.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(contacts)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(skip),
        db.select({ n: count() }).from(contacts).where(where),
      ]);
      return { contacts: rows.map(toContact), total: total?.n ?? 0, skip, limit };
    },
  );
};

export default contactsAdmin;
