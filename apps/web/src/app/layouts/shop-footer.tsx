// The shop footer (SPEC §2.2).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useAccessToken } from '../../lib/session.ts';

const column = 'flex flex-col items-start gap-1 text-sm text-slate-300';
// Tall enough to tap on a phone (WCAG 2.5.8: 24 pixels at least).
const footerLink = 'inline-flex min-h-7 min-w-6 items-center justify-center hover:text-white';
const heading = 'mb-3 text-sm font-semibold tracking-wide text-white uppercase';

/** `flush`: no gap above, so the back office's dark sidebar runs into the footer. */
export function ShopFooter({ flush = false }: { flush?: boolean }) {
  const token = useAccessToken();
  const navigate = useNavigate();
  const [askLogin, setAskLogin] = useState(false);

  return (
    <footer className={`${flush ? '' : 'mt-16'} bg-slate-900 text-slate-300`}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className={heading}>Our Company</h2>
          <ul className={column}>
            <li>
              <Link to="/about" className={footerLink}>
                About us
              </Link>
            </li>
            <li>
              <Link to="/contact" className={footerLink}>
                Contact
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>Customer Care</h2>
          <ul className={column}>
            <li>
              <button
                type="button"
                className={footerLink}
                onClick={() => (token ? navigate('/userprofile') : setAskLogin(true))}
              >
                My Account
              </button>
            </li>
            <li>
              <Link to="/faqs" className={footerLink}>
                FAQs
              </Link>
            </li>
            <li>
              <Link to="/delivery" className={footerLink}>
                Delivery and Returns
              </Link>
            </li>
            <li>
              <Link to="/track" className={footerLink}>
                Track your order
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>Payment Methods</h2>
          <ul className={column}>
            <li>
              <Link to="/mpesa" className={footerLink}>
                M-Pesa
              </Link>
            </li>
            <li>
              <Link to="/paypal" className={footerLink}>
                PayPal
              </Link>
            </li>
            <li>
              <Link to="/payless" className={footerLink}>
                Payless
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>Contact Us</h2>
          <address className={`${column} not-italic`}>
            <span>Duka Ltd, Moi Avenue, Kenya Cinema Plaza, 3rd Floor, Nairobi</span>
            <span>+254 700 123 456</span>
            <span>support@duka.co.ke</span>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-xs text-slate-400 sm:flex-row">
          <p>© 2024 Duka. All rights reserved.</p>
          <ul className="flex gap-3" aria-label="Duka on social media">
            <li>
              <a href="https://www.facebook.com/" rel="noopener noreferrer" className={footerLink}>
                Facebook
              </a>
            </li>
            <li>
              <a href="https://x.com/" rel="noopener noreferrer" className={footerLink}>
                X
              </a>
            </li>
            <li>
              <a href="https://www.instagram.com/" rel="noopener noreferrer" className={footerLink}>
                Instagram
              </a>
            </li>
          </ul>
        </div>
      </div>
      {askLogin && (
        <Modal
          title="You need to log in"
          size="sm"
          onClose={() => setAskLogin(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setAskLogin(false)}>
                Close
              </Button>
              <Button onClick={() => navigate('/login')}>Log In</Button>
            </>
          }
        >
          <p>Please log in to access your account.</p>
        </Modal>
      )}
    </footer>
  );
}
