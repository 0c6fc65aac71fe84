// The shop's settings row (decision record 026). Read per request with one primary-key lookup, so
// that every server instance sees a change at the next request: no cache to invalidate.
import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS, SOCIAL_NETWORKS, type ShopSettings } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { shopSettings } from './schema.ts';

const KEYS = Object.keys(DEFAULT_SHOP_SETTINGS) as (keyof ShopSettings)[];

/** What is stored over the defaults: each field set, and the defaults for the rest. */
export function withDefaults(data: Record<string, unknown>): ShopSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_SHOP_SETTINGS };
  for (const key of KEYS) if (data[key] !== undefined) settings[key] = data[key];
  const links = (data.social_links ?? {}) as Record<string, unknown>;
  settings.social_links = Object.fromEntries(
    SOCIAL_NETWORKS.map((n) => [
      n,
      typeof links[n] === 'string' ? links[n] : DEFAULT_SHOP_SETTINGS.social_links[n],
    ]),
  );
  // In the order the API gives them (jsonb keeps an object's keys in an order of its own).
  settings.slides = (settings.slides as ShopSettings['slides']).map((slide) => ({
    title: slide.title,
    text: slide.text,
    image: slide.image,
    link: slide.link,
  }));
  return settings as unknown as ShopSettings;
}

export async function readShopSettings(db: Db | Tx): Promise<ShopSettings> {
  const [row] = await db
    .select({ data: shopSettings.data })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return withDefaults(row?.data ?? {});
}

/** The row as it is now, locked until the transaction ends (null: never saved). */
export async function lockShopSettings(tx: Tx): Promise<Record<string, unknown> | null> {
  const [row] = await tx
    .select({ data: shopSettings.data })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1))
    .for('update');
  return row?.data ?? null;
}

export async function writeShopSettings(tx: Tx, settings: ShopSettings): Promise<void> {
  const values = { data: settings as unknown as Record<string, unknown>, updatedAt: new Date() };
  await tx
    .insert(shopSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: values });
}

/**
 * The first start with settings: PRICES_INCLUDE_VAT (the environment's word before there were
 * settings) becomes the stored value, once. Later starts find the row and change nothing.
 */
export async function seedShopSettings(db: Db, pricesIncludeVat: boolean): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ id: 1, data: { prices_include_vat: pricesIncludeVat } })
    .onConflictDoNothing();
}
