// The shop's name and address in e-mail (decision record 026): layout.ts writes placeholders, and
// they are filled from the shop's settings when a message is written (enqueueEmail) or, for a
// message written only when it is sent (a reset link), when it is sent.
import type { Db, Tx } from '../db/client.ts';
import { readShopSettings } from '../settings/repo.ts';
import type { Renderer } from './worker.ts';

export const SHOP_NAME = '{{SHOP_NAME}}';
export const SHOP_FOOTER = '{{SHOP_FOOTER}}';

export interface ShopDetails {
  name: string;
  /** 'Duka Ltd, Moi Avenue, … Nairobi · +254 700 123 456' */
  footer: string;
}

export async function shopDetailsOf(db: Db | Tx): Promise<ShopDetails> {
  const shop = await readShopSettings(db);
  return {
    name: shop.shop_name,
    footer: [shop.address, shop.phone].filter(Boolean).join(' · '),
  };
}

/** As layout.ts escapes: the details go into HTML text and attributes. */
const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const fill = (text: string, shop: ShopDetails, escape: (s: string) => string) =>
  text.split(SHOP_NAME).join(escape(shop.name)).split(SHOP_FOOTER).join(escape(shop.footer));

/** The message with the shop's details in place of the placeholders (escaped in its HTML). */
export function fillShopDetails<T extends { text: string; html?: string | null | undefined }>(
  message: T,
  shop: ShopDetails,
): T {
  return {
    ...message,
    text: fill(message.text, shop, (s) => s),
    ...(message.html ? { html: fill(message.html, shop, escapeHtml) } : {}),
  };
}

/** A renderer whose messages carry the shop's details as its settings are when it is sent. */
export function withShopDetails(db: Db, renderer: Renderer | undefined): Renderer | undefined {
  if (!renderer) return undefined;
  return async (message, now) => {
    const rendered = await renderer(message, now);
    if (!rendered) return rendered;
    const shop = await shopDetailsOf(db);
    return {
      ...fillShopDetails(rendered, shop),
      ...(rendered.keep ? { keep: fillShopDetails(rendered.keep, shop) } : {}),
    };
  };
}
