// The names of the records a page of the audit log is about (issue 33): 'Product 177' reads as
// the product's title, an account as its e-mail, a county, a pickup point and a promotion by name
// (a removed one too, while it is kept). Read when the page is asked for (a renamed product shows
// its name now), one query per kind of record, and never part of a row's hash. Only names are
// read here; no domain's rules are.
import { eq, inArray, sql } from 'drizzle-orm';
import { countyName, type AuditEntry } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { users } from '../auth/schema.ts';
import { categories, products, reviews } from '../catalog/schema.ts';
import { pickupPoints } from '../delivery/schema.ts';
import { promotions } from '../promotions/schema.ts';

type Named = Map<string, string>;

const idsOf = (entries: AuditEntry[], entity: string) => [
  ...new Set(
    entries
      .filter((e) => e.entity === entity && e.entity_id && /^\d{1,9}$/.test(e.entity_id))
      .map((e) => Number(e.entity_id)),
  ),
];

async function named<T extends { id: number; name: string }>(
  ids: number[],
  read: (ids: number[]) => Promise<T[]>,
): Promise<Named> {
  if (ids.length === 0) return new Map();
  return new Map((await read(ids)).map((row) => [String(row.id), row.name]));
}

/** Each entry with `record_name`: the record's name where the shop knows one, else null. */
export async function withRecordNames(db: Db, entries: AuditEntry[]) {
  const [productNames, userNames, reviewNames, pointNames, promotionNames] = await Promise.all([
    named(idsOf(entries, 'product'), (ids) =>
      db
        .select({ id: products.id, name: products.title })
        .from(products)
        .where(inArray(products.id, ids)),
    ),
    named(idsOf(entries, 'user'), (ids) =>
      db
        // An account made by phone has no e-mail: its name then.
        .select({ id: users.id, name: sql<string>`coalesce(${users.email}, ${users.username})` })
        .from(users)
        .where(inArray(users.id, ids)),
    ),
    named(idsOf(entries, 'review'), async (ids) =>
      (
        await db
          .select({ id: reviews.id, title: products.title, reviewer: reviews.reviewerName })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(inArray(reviews.id, ids))
      ).map((r) => ({ id: r.id, name: `${r.reviewer} on ${r.title}` })),
    ),
    named(idsOf(entries, 'pickup_point'), (ids) =>
      db
        .select({ id: pickupPoints.id, name: pickupPoints.name })
        .from(pickupPoints)
        .where(inArray(pickupPoints.id, ids)),
    ),
    named(idsOf(entries, 'promotion'), (ids) =>
      db
        .select({ id: promotions.id, name: promotions.name })
        .from(promotions)
        .where(inArray(promotions.id, ids)),
    ),
  ]);
  const slugs = [
    ...new Set(
      entries.filter((e) => e.entity === 'category' && e.entity_id).map((e) => e.entity_id!),
    ),
  ];
  const categoryNames: Named =
    slugs.length === 0
      ? new Map()
      : new Map(
          (
            await db
              .select({ slug: categories.slug, name: categories.name })
              .from(categories)
              .where(inArray(categories.slug, slugs))
          ).map((c) => [c.slug, c.name]),
        );
  const byEntity: Record<string, (id: string) => string | undefined> = {
    product: (id) => productNames.get(id),
    user: (id) => userNames.get(id),
    review: (id) => reviewNames.get(id),
    pickup_point: (id) => pointNames.get(id),
    promotion: (id) => promotionNames.get(id),
    category: (id) => categoryNames.get(id),
    county: (code) => countyName(code),
  };
  return entries.map((entry) => ({
    ...entry,
    record_name: (entry.entity_id !== null && byEntity[entry.entity]?.(entry.entity_id)) || null,
  }));
}
