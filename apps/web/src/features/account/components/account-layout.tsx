// The shopper's account area (SPEC §2.13): a sidebar that collapses on small screens.
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-context.ts';
import { useAccountText } from '../text.ts';

const LINKS = [
  { to: 'dashboarduser', label: 'accountLayout.dashboard' },
  { to: 'orderhistory', label: 'accountLayout.orderHistory' },
  { to: 'wishlist', label: 'accountLayout.wishlist' },
  { to: 'profile', label: 'accountLayout.profile' },
] as const;

export function AccountLayout() {
  const t = useAccountText();
  const { currentUser, logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const onLogout = async () => {
    await logout();
    window.alert(t('accountLayout.loggedOut'));
    navigate('/');
  };

  const item = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2 text-sm font-medium ${
      isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
    }`;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row">
      <aside className="md:w-60 md:shrink-0">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex items-center justify-between">
            <p className="font-semibold text-slate-900">
              {currentUser?.username || t('accountLayout.user')}
            </p>
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-3 py-1 text-sm md:hidden"
              aria-expanded={open}
              aria-controls="account-menu"
              onClick={() => setOpen((o) => !o)}
            >
              {t('accountLayout.menu')}
            </button>
          </div>
          <nav
            id="account-menu"
            aria-label={t('accountLayout.nav')}
            className={`mt-3 ${open ? 'block' : 'hidden'} md:block`}
          >
            <ul className="space-y-1">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={item} onClick={() => setOpen(false)}>
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  onClick={onLogout}
                  className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  {t('accountLayout.logout')}
                </button>
              </li>
            </ul>
          </nav>
        </div>
      </aside>
      <section className="min-w-0 flex-1">
        <Outlet />
      </section>
    </div>
  );
}
