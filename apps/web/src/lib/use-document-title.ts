import { useEffect } from 'react';
import { useServerTitle } from './server-response.ts';
import { useShopSettings } from './shop-settings.ts';

/** 'Delivery and Returns | Duka', with the shop's name from its settings (decision record 026). */
export function documentTitle(title: string, shopName = 'Duka'): string {
  return title ? `${title} | ${shopName}` : `${shopName} | Shop online in Kenya`;
}

export function useDocumentTitle(title: string): void {
  const shopName = useShopSettings()?.shop_name;
  useServerTitle(documentTitle(title, shopName));
  useEffect(() => {
    document.title = documentTitle(title, shopName);
  }, [title, shopName]);
}
