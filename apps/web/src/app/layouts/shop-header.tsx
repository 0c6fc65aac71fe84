// The shop header (SPEC §2.2).
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context.ts';
import { overlayState } from '../../lib/overlay-location.ts';
import { HeaderSearch } from '../../features/catalog/components/header-search.tsx';
import { useShopText } from '../../lib/i18n/text.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { useHeaderAccount } from './use-header-account.ts';
import { HydrateLater } from '../../lib/hydration.tsx';

/**
 * The shop's log-out (SPEC §4 and §8): to /login. The browser forgets the session at once and
 * tells the server in the background, so a failing request never leaves anyone logged in.
 */
function LogoutButton() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const t = useShopText();
  return (
    <button
      type="button"
      className="inline-flex min-h-8 items-center hover:text-brand-700"
      onClick={async () => {
        await logout();
        navigate('/login');
      }}
    >
      {t('header.logOut')}
    </button>
  );
}

// Every link here is at least 24 pixels each way, to be tapped on a phone (WCAG 2.5.8).
const topLink = 'inline-flex min-h-6 items-center px-1 hover:underline';
const shopLink = 'inline-flex min-h-8 items-center hover:text-brand-700';

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-label={label}
      className="absolute -top-1.5 -right-2 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
    >
      {count}
    </span>
  );
}

/** The shop's header, hydrated in a turn of its own (lib/hydration.tsx): a tap on it waits. */
export function ShopHeader() {
  return (
    <HydrateLater>
      <Header />
    </HydrateLater>
  );
}

function Header() {
  const account = useHeaderAccount();
  const location = useLocation();
  const t = useShopText();

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="bg-brand-800 text-xs text-brand-50">
        <nav
          aria-label={t('header.navTop')}
          className="mx-auto flex max-w-7xl justify-end gap-3 px-4 py-0.5"
        >
          <LanguageSwitch className={topLink} />
          <Link to="/signup" className={topLink}>
            {t('header.join')}
          </Link>
          <Link to="/about" className={topLink}>
            {t('header.about')}
          </Link>
          <Link to="/contact" className={topLink}>
            {t('header.contact')}
          </Link>
        </nav>
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:gap-x-6 sm:gap-y-3 sm:py-3">
        <Link
          to="/"
          className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800 sm:text-2xl"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-7 w-7 sm:h-8 sm:w-8" />
          Duka
        </Link>
        <HeaderSearch />
        <nav
          aria-label={t('header.navAccount')}
          className="ml-auto flex items-center gap-2 text-sm font-medium sm:gap-5"
        >
          <Link to={account.href} className="inline-flex min-h-8 items-center hover:text-brand-700">
            {t(account.loggedIn ? 'header.myAccount' : 'header.login')}
          </Link>
          {account.loggedIn && <LogoutButton />}
          <Link
            to="/wishlist"
            state={overlayState(location)}
            preventScrollReset
            className="relative inline-flex h-8 w-8 items-center justify-center hover:text-brand-700"
            aria-label={t('header.wishlist')}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
            </svg>
            <CountBadge
              count={account.wishlistCount}
              label={t('header.inWishlist', { count: account.wishlistCount })}
            />
          </Link>
          <Link
            to="/cart"
            state={overlayState(location)}
            preventScrollReset
            className="relative inline-flex h-8 w-8 items-center justify-center hover:text-brand-700"
            aria-label={t('header.cart')}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path d="M3 4h2l2.4 11h10.2L20 7H6.2" />
              <circle cx="9" cy="19" r="1.5" />
              <circle cx="17" cy="19" r="1.5" />
            </svg>
            <CountBadge
              count={account.cartCount}
              label={t('header.inCart', { count: account.cartCount })}
            />
          </Link>
        </nav>
      </div>
      <nav aria-label={t('header.navShop')} className="border-t border-slate-100">
        {/* One line on a phone, scrolling sideways if it must. */}
        <div className="mx-auto flex max-w-7xl gap-5 overflow-x-auto px-4 py-1 text-sm font-medium whitespace-nowrap text-slate-700 sm:gap-6">
          <Link to="/products" className={shopLink}>
            {t('header.byCategory')}
          </Link>
          <Link to="/products" className={shopLink}>
            {t('header.byBrand')}
          </Link>
          <Link
            to="/toppicks"
            className="hidden min-h-8 items-center hover:text-brand-700 sm:inline-flex"
          >
            {t('header.topPicks')}
          </Link>
          <Link
            to="/weeklyoffers"
            className="hidden min-h-8 items-center hover:text-brand-700 sm:inline-flex"
          >
            {t('header.weeklyOffers')}
          </Link>
        </div>
      </nav>
    </header>
  );
}
