import { useShopSettings } from '../../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { StaticPageLayout, StaticSection } from '../static-page-layout.tsx';

interface Value {
  name: string;
  description: string;
}

const VALUES: readonly Value[] = [
  {
    name: 'Customer-Centric',
    description: 'We start with what our customers need and shape the shop around it.',
  },
  {
    name: 'Integrity',
    description: 'We are honest about our products, prices and delivery times.',
  },
  {
    name: 'Quality',
    description: 'We choose products we would be happy to use in our own homes.',
  },
  {
    name: 'Innovation',
    description: 'We keep improving how you find, buy and receive what you need.',
  },
  {
    name: 'Convenience',
    description: 'Shopping with us should be simple, quick and fit around your day.',
  },
  {
    name: 'Community',
    description: 'We are a Kenyan shop and care about the communities we serve.',
  },
  {
    name: 'Sustainability',
    description: 'We look for ways to reduce waste in our packaging and deliveries.',
  },
  {
    name: 'Excellence',
    description: 'We aim to do every part of our job well, from first click to doorstep.',
  },
];

export default function AboutPage() {
  useDocumentTitle('About');
  const name = useShopSettings()?.shop_name ?? '';

  return (
    <StaticPageLayout
      eyebrow={`About ${name}`}
      title="More About the product"
      intro={
        <p>
          Welcome to {name}, an online shop for everyday consumer goods in Kenya. Browse our
          catalogue, see every price in Kenyan shillings (KES), and have your order delivered to
          your door anywhere across Kenya.
        </p>
      }
    >
      <StaticSection title="Our Mission">
        <p>
          Our mission is to make buying quality everyday goods easy and affordable for every
          household in Kenya. We want you to be able to order what you need from your phone or
          computer, know exactly what you will pay before you check out, and trust that it will
          arrive when we say it will.
        </p>
      </StaticSection>

      <StaticSection title="Our Values">
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li
              key={value.name}
              className="rounded-2xl border border-emerald-100 bg-emerald-50/60 p-5 lg:p-4"
            >
              <h3 className="text-base font-semibold text-emerald-800 lg:text-[0.9375rem] lg:tracking-tight">
                {value.name}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-gray-700">{value.description}</p>
            </li>
          ))}
        </ul>
      </StaticSection>
    </StaticPageLayout>
  );
}
