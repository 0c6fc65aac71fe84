// A product's words in the page's language (issue 37): the merchant's Kiswahili title and
// description on /sw/ when written, otherwise what they wrote in English. Never translated by us.
import type { Locale } from '@duka/domain/i18n/locale';

export function productTitle(
  product: { title: string; title_sw?: string | null | undefined },
  locale: Locale,
): string {
  return (locale === 'sw' && product.title_sw) || product.title;
}

export function productDescription(
  product: { description: string; description_sw?: string | null | undefined },
  locale: Locale,
): string {
  return (locale === 'sw' && product.description_sw) || product.description;
}
