import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuth } from '../../../lib/auth-context.ts';

const CARDS = [
  {
    to: '../orderhistory',
    title: 'Order History',
    text: 'Follow your orders and see what you paid.',
  },
  { to: '../wishlist', title: 'Wishlist', text: 'Products you saved for later.' },
  {
    to: '../profile',
    title: 'Update Profile',
    text: 'Your name, e-mail, phone number and password.',
  },
  {
    to: '../relatedproducts',
    title: 'Picked for you',
    text: 'Products like the ones you have looked at.',
  },
] as const;

export default function DashboardUserPage() {
  useDocumentTitle('My Account');
  const { currentUser } = useAuth();
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">
        Welcome back, {currentUser?.username || 'User'}
      </h1>
      <p className="mt-1 text-slate-600">Signed in as {currentUser?.email}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {CARDS.map((card) => (
          <li key={card.title}>
            <Link
              to={card.to}
              relative="path"
              className="block h-full rounded-xl border border-slate-200 p-5 transition hover:border-brand-600 hover:shadow"
            >
              <h2 className="font-semibold text-slate-900">{card.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
