import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { useAccountText } from '../text.ts';

const CARDS = [
  { to: '../orderhistory', title: 'dashboard.orders', text: 'dashboard.ordersText' },
  { to: '../wishlist', title: 'dashboard.wishlist', text: 'dashboard.wishlistText' },
  { to: '../profile', title: 'dashboard.profile', text: 'dashboard.profileText' },
  { to: '../relatedproducts', title: 'dashboard.picked', text: 'dashboard.pickedText' },
] as const;

export default function DashboardUserPage() {
  const t = useAccountText();
  useDocumentTitle(t('dashboard.title'));
  const { currentUser } = useAuth();
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">
        {t('dashboard.welcome', { name: currentUser?.username || t('dashboard.user') })}
      </h1>
      <p className="mt-1 text-slate-600">
        {/* An account made by phone sign-in has no e-mail until it gives one. */}
        {t('dashboard.signedInAs', { who: currentUser?.email ?? currentUser?.phone_number ?? '' })}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              relative="path"
              className="block h-full rounded-xl border border-slate-200 p-5 transition hover:border-brand-600 hover:shadow"
            >
              <h2 className="font-semibold text-slate-900">{t(card.title)}</h2>
              <p className="mt-1 text-sm text-slate-600">{t(card.text)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
