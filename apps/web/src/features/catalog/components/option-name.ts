// An option's name as the page shows it (issue 37): the merchant writes 'Size' or 'Colour' in
// English; the Kiswahili shop says 'Saizi' and 'Rangi' for these common ones and shows any other
// name as written.
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { useCatalogText } from '../text.ts';

const KNOWN = new Map<string, 'optionName.size' | 'optionName.colour'>([
  ['size', 'optionName.size'],
  ['colour', 'optionName.colour'],
  ['color', 'optionName.colour'],
]);

export function useOptionName(): (name: string) => string {
  const t = useCatalogText();
  const locale = useLocale();
  return (name) => {
    const key = KNOWN.get(name.trim().toLowerCase());
    return locale === 'sw' && key ? t(key) : name;
  };
}
