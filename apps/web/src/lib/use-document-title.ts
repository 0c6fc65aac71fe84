import { useEffect } from 'react';
import { useServerTitle } from './server-response.ts';
import { useShopSettings } from './shop-settings.ts';
import type { Locale } from '@duka/domain/i18n/locale';
import { useLocale } from './i18n/locale-context.tsx';
import { shopTextIn } from './i18n/text.ts';

/** 'Delivery and Returns | Duka', with the shop's name from its settings (decision record 026). */
export function documentTitle(title: string, shopName = 'Duka', locale: Locale = 'en'): string {
  return title ? `${title} | ${shopName}` : shopTextIn(locale)('meta.untitled', { shop: shopName });
}

/** The page's title, already in the page's language. */
export function useDocumentTitle(title: string): void {
  const shopName = useShopSettings()?.shop_name;
  const locale = useLocale();
  useServerTitle(documentTitle(title, shopName, locale));
  useEffect(() => {
    document.title = documentTitle(title, shopName, locale);
  }, [title, shopName, locale]);
}
