import { useShopSettings } from '../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { StaticPageLayout, StaticSection } from './static-page-layout.tsx';
import { useStaticText, type StaticTextKey } from './text.ts';

/** Each value's name; its description is the same key with 'Text' after it. */
const VALUES = [
  'aboutPage.customerCentric',
  'aboutPage.integrity',
  'aboutPage.quality',
  'aboutPage.innovation',
  'aboutPage.convenience',
  'aboutPage.community',
  'aboutPage.sustainability',
  'aboutPage.excellence',
] as const satisfies readonly StaticTextKey[];

export default function AboutPage() {
  const t = useStaticText();
  useDocumentTitle(t('aboutPage.title'));
  const name = useShopSettings()?.shop_name ?? '';

  return (
    <StaticPageLayout
      eyebrow={t('aboutPage.eyebrow', { name })}
      title={t('aboutPage.heading')}
      intro={<p>{t('aboutPage.intro', { name })}</p>}
    >
      <StaticSection title={t('aboutPage.mission')}>
        <p>{t('aboutPage.missionText')}</p>
      </StaticSection>

      <StaticSection title={t('aboutPage.values')}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li
              key={value}
              className="rounded-2xl border border-emerald-100 bg-emerald-50/60 p-5 lg:p-4"
            >
              <h3 className="text-base font-semibold text-emerald-800 lg:text-[0.9375rem] lg:tracking-tight">
                {t(value)}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-gray-700">{t(`${value}Text`)}</p>
            </li>
          ))}
        </ul>
      </StaticSection>
    </StaticPageLayout>
  );
}
