// The back office's promotions (issue 36): listed with their figures, made, changed and removed,
// each change audited in its own transaction. The shared schemas check a body on its own; here a
// change is checked as the promotion it would make (promotionProblems on the merged promotion),
// the catalogue is asked whether what it names exists, and a code must be no other promotion's.
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  promotionProblems,
  type Promotion,
  type PromotionInput,
  type PromotionPage,
  type PromotionPatch,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { sqlStateOf } from '../db/failures.ts';
import { found, HttpError, validationFailed } from '../lib/http-error.ts';
import { paged, type PageRequest } from '../lib/paged.ts';
import { promotions, promotionUses } from './schema.ts';
import { paidOrderFigures } from './figures.ts';
import {
  auditedFields,
  columnsOf,
  inputOf,
  promotionView,
  type PromotionFigures,
  type PromotionRow,
} from './stored.ts';
import { unknownTargets } from './targets.ts';
import { useCounts } from './uses.ts';

const CODE_TAKEN = 'Another promotion has this code.';
const notRemoved = () => isNull(promotions.deletedAt);

/** Uses, paid orders and revenue of each of these promotions. */
async function figuresOf(db: Db, ids: number[]): Promise<Map<number, PromotionFigures>> {
  const [uses, paid] = await Promise.all([
    useCounts(db, { total: ids, perCustomer: [], userId: null }),
    paidOrderFigures(db, ids),
  ]);
  return new Map(
    ids.map((id) => [
      id,
      {
        uses: uses.get(id)?.uses ?? 0,
        orders: paid.get(id)?.orders ?? 0,
        revenueCents: paid.get(id)?.revenueCents ?? 0,
      },
    ]),
  );
}

async function viewOf(db: Db, row: PromotionRow): Promise<Promotion> {
  return promotionView(row, (await figuresOf(db, [row.id])).get(row.id)!);
}

/** The promotions not removed, newest first, a page at a time, each with its figures. */
export async function listPromotions(db: Db, page: PageRequest): Promise<PromotionPage> {
  const result = await paged(
    'promotions',
    page,
    db.select().from(promotions).where(notRemoved()).orderBy(desc(promotions.id)),
    db.select({ n: count() }).from(promotions).where(notRemoved()),
    (row) => row,
  );
  const figures = await figuresOf(
    db,
    result.promotions.map((r) => r.id),
  );
  return {
    ...result,
    promotions: result.promotions.map((row) => promotionView(row, figures.get(row.id)!)),
  };
}

/** One promotion not removed, with its figures, as the list shows it; 404 when there is none. */
export async function getPromotion(db: Db, id: number): Promise<Promotion> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), notRemoved()));
  return viewOf(db, found(row, 'Promotion'));
}

/** 409 at `code` when a promotion not removed (other than `exceptId`) has it, in any case. */
async function refuseTakenCode(tx: Tx, code: string | null | undefined, exceptId?: number) {
  if (!code) return;
  const [other] = await tx
    .select({ name: promotions.name })
    .from(promotions)
    .where(
      and(
        sql`upper(${promotions.code}) = ${code.toUpperCase()}`,
        notRemoved(),
        exceptId === undefined ? undefined : ne(promotions.id, exceptId),
      ),
    )
    .orderBy(asc(promotions.id))
    .limit(1);
  if (other) {
    throw new HttpError(409, 'CODE_TAKEN', CODE_TAKEN, {
      code: `The promotion '${other.name}' already has the code ${code}.`,
    });
  }
}

/** The constraint a database error names, looking through Drizzle's wrapper. */
const constraintOf = (err: unknown) => {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
};

/** Two admins saving the same new code at once: the unique index turns the second away. */
function rethrowTakenCode(err: unknown): never {
  if (sqlStateOf(err) === '23505' && constraintOf(err) === 'promotions_code_idx') {
    throw new HttpError(409, 'CODE_TAKEN', CODE_TAKEN, { code: CODE_TAKEN });
  }
  throw err;
}

/** 400 naming each field, when there is any. */
function refuseProblems(fields: Record<string, string>) {
  if (Object.keys(fields).length > 0) throw validationFailed('body', fields);
}

export async function createPromotion(
  db: Db,
  input: PromotionInput,
  audit?: AuditTrail,
): Promise<Promotion> {
  // The catalogue is read before the transaction: nothing there is locked or written.
  refuseProblems(await unknownTargets(db, input.applies_to));
  const row = await db
    .transaction(async (tx) => {
      await refuseTakenCode(tx, input.code);
      const [made] = await tx.insert(promotions).values(columnsOf(input)).returning();
      await audit?.record(tx, {
        action: 'promotion.create',
        entity: 'promotion',
        entityId: made!.id,
        after: auditedFields(made!),
      });
      return made!;
    })
    .catch(rethrowTakenCode);
  return promotionView(row, { uses: 0, orders: 0, revenueCents: 0 });
}

async function lockPromotion(tx: Tx, id: number): Promise<PromotionRow> {
  const [row] = await tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), notRemoved()))
    .for('update');
  return found(row, 'Promotion');
}

/** The stored promotion with the change applied: a field left out stays, null clears it. */
function merged(stored: PromotionInput, change: PromotionPatch): PromotionInput {
  const given = Object.entries(change).filter(([, value]) => value !== undefined);
  return { ...stored, ...Object.fromEntries(given) } as PromotionInput;
}

export async function updatePromotion(
  db: Db,
  id: number,
  change: PromotionPatch,
  audit?: AuditTrail,
): Promise<Promotion> {
  const unknown = change.applies_to ? await unknownTargets(db, change.applies_to) : {};
  const row = await db
    .transaction(async (tx) => {
      const before = await lockPromotion(tx, id);
      const next = merged(inputOf(before), change);
      const fields: Record<string, string> = {};
      for (const { path, message } of promotionProblems(next)) fields[path.join('.')] ??= message;
      refuseProblems({ ...fields, ...unknown });
      if (next.code && next.code !== before.code) await refuseTakenCode(tx, next.code, id);
      const [after] = await tx
        .update(promotions)
        .set({ ...columnsOf(next), updatedAt: new Date() })
        .where(eq(promotions.id, id))
        .returning();
      await audit?.record(tx, {
        action: 'promotion.update',
        entity: 'promotion',
        entityId: id,
        before: auditedFields(before),
        after: auditedFields(after!),
      });
      return after!;
    })
    .catch(rethrowTakenCode);
  return viewOf(db, row);
}

/**
 * Removes a promotion. One that an order used (its use reserved, made or released) is only
 * marked removed, so the order keeps the promotion it names and the reports their figures; one
 * never used goes. Either way it no longer applies, is no longer listed, and its code is free.
 */
export async function deletePromotion(db: Db, id: number, audit?: AuditTrail): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockPromotion(tx, id);
    const [used] = await tx
      .select({ id: promotionUses.id })
      .from(promotionUses)
      .where(eq(promotionUses.promotionId, id))
      .limit(1);
    if (used) {
      await tx
        .update(promotions)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(promotions.id, id));
    } else {
      await tx.delete(promotions).where(eq(promotions.id, id));
    }
    await audit?.record(tx, {
      action: 'promotion.delete',
      entity: 'promotion',
      entityId: id,
      before: auditedFields(row),
    });
  });
}
