// The shop footer (SPEC §2.2), written from the shop's settings and the payment methods checkout
// offers (decision record 026): a method the shop does not take has no link, a social page not
// set is not listed, and the copyright line runs from 2024 to the year the server gives.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from '@duka/domain/settings/social';
import { copyrightLine } from '@duka/domain/settings/texts';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { paymentMethodsQuery, type ShopPaymentMethod } from '../../lib/payment-methods.ts';
import { useAccessToken } from '../../lib/session.ts';
import { useShopSettings } from '../../lib/shop-settings.ts';
import { useShopText } from '../../lib/i18n/text.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { HydrateLater } from '../../lib/hydration.tsx';

const column = 'flex flex-col items-start gap-1 text-sm text-slate-300';
// Tall enough to tap on a phone (WCAG 2.5.8: 24 pixels at least).
const footerLink = 'inline-flex min-h-7 min-w-6 items-center justify-center hover:text-white';
const heading = 'mb-3 text-sm font-semibold tracking-wide text-white uppercase';

/** The payment pages of the methods checkout offers: M-Pesa (by prompt or menu) and PayPal. */
function methodPages(methods: readonly ShopPaymentMethod[]) {
  return [
    methods.some((m) => m.method === 'mpesa' || m.method === 'mpesa_paybill') && {
      to: '/mpesa',
      label: 'M-Pesa',
    },
    methods.some((m) => m.method === 'paypal') && { to: '/paypal', label: 'PayPal' },
  ].filter((page) => page !== false);
}

/**
 * The shop's footer, hydrated in a turn of its own (lib/hydration.tsx). `flush`: no gap above, so
 * the back office's dark sidebar runs into the footer.
 */
export function ShopFooter({ flush = false }: { flush?: boolean }) {
  return (
    <HydrateLater>
      <Footer flush={flush} />
    </HydrateLater>
  );
}

function Footer({ flush }: { flush: boolean }) {
  const token = useAccessToken();
  const navigate = useNavigate();
  const [askLogin, setAskLogin] = useState(false);
  const shop = useShopSettings();
  const methods = useQuery(paymentMethodsQuery()).data?.methods ?? [];
  const social = shop ? SOCIAL_NETWORKS.filter((network) => shop.social_links[network]) : [];
  const t = useShopText();

  return (
    <footer className={`${flush ? '' : 'mt-16'} bg-slate-900 text-slate-300`}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className={heading}>{t('footer.company')}</h2>
          <ul className={column}>
            <li>
              <Link to="/about" className={footerLink}>
                {t('footer.about')}
              </Link>
            </li>
            <li>
              <Link to="/contact" className={footerLink}>
                {t('footer.contact')}
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>{t('footer.care')}</h2>
          <ul className={column}>
            <li>
              <button
                type="button"
                className={footerLink}
                onClick={() => (token ? navigate('/userprofile') : setAskLogin(true))}
              >
                {t('footer.myAccount')}
              </button>
            </li>
            <li>
              <Link to="/faqs" className={footerLink}>
                {t('footer.faqs')}
              </Link>
            </li>
            <li>
              <Link to="/delivery" className={footerLink}>
                {t('footer.delivery')}
              </Link>
            </li>
            <li>
              <Link to="/track" className={footerLink}>
                {t('footer.track')}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>{t('footer.payment')}</h2>
          <ul className={column}>
            {methodPages(methods).map((page) => (
              <li key={page.to}>
                <Link to={page.to} className={footerLink}>
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={heading}>{t('footer.contactUs')}</h2>
          {shop && (
            <address className={`${column} not-italic`}>
              {shop.address ? <span>{shop.address}</span> : null}
              <span>{shop.phone}</span>
              <span>{shop.email}</span>
              {shop.kra_pin ? <span>{t('footer.kraPin', { pin: shop.kra_pin })}</span> : null}
            </address>
          )}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex min-h-16 max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-xs text-slate-400 sm:flex-row">
          {shop && <p>{copyrightLine(shop.shop_name, shop.current_year)}</p>}
          <LanguageSwitch className={footerLink} />
          {social.length > 0 && (
            <ul className="flex gap-3" aria-label={t('footer.social', { shop: shop!.shop_name })}>
              {social.map((network) => (
                <li key={network}>
                  <a
                    href={shop!.social_links[network]}
                    rel="noopener noreferrer"
                    className={footerLink}
                  >
                    {SOCIAL_LABELS[network]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {askLogin && (
        <Modal
          title={t('footer.loginTitle')}
          size="sm"
          onClose={() => setAskLogin(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setAskLogin(false)}>
                {t('footer.close')}
              </Button>
              <Button onClick={() => navigate('/login')}>{t('footer.logIn')}</Button>
            </>
          }
        >
          <p>{t('footer.loginText')}</p>
        </Modal>
      )}
    </footer>
  );
}
