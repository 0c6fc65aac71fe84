// The language switch (issue 37): the same page in the other language. A plain link to the
// server's /lang/{locale}, which remembers the choice in a cookie: it works before the scripts
// have run, and the page arrives rendered in its language.
import { useLocation } from 'react-router';
import type { Locale } from '@duka/domain/i18n/locale';
import { useLocale } from '../../lib/i18n/locale-context.tsx';
import { useShopText } from '../../lib/i18n/text.ts';

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useShopText();
  const locale = useLocale();
  // The router's location has no /sw prefix: it is the page, whatever the language.
  const { pathname, search } = useLocation();
  const other: Locale = locale === 'sw' ? 'en' : 'sw';
  const next = encodeURIComponent(`${pathname}${search}`);
  return (
    <a href={`/lang/${other}?next=${next}`} hrefLang={other} lang={other} className={className}>
      {t('language.switchTo')}
    </a>
  );
}
