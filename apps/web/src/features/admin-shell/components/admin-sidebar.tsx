// The back office's sidebar (SPEC §2.14): collapses on small screens.
import { useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { Permission } from '@duka/domain';
import { useAuth } from '../../../lib/auth-context.ts';
import { useCan } from '../../../lib/use-can.ts';

/** The screens below Products, each shown to those with its permission. */
const SCREENS: readonly (readonly [path: string, label: string, permission: Permission])[] = [
  ['orders', 'Orders', 'orders.read'],
  ['returns', 'Returns', 'orders.read'],
  ['reviews', 'Reviews', 'reviews.moderate'],
  ['customers', 'Customers', 'customers.read'],
  ['payments', 'Payments', 'payments.read'],
  ['invoices', 'Invoices', 'invoices.read'],
  ['promotions', 'Promotions', 'promotions.write'],
  ['delivery', 'Delivery', 'delivery.write'],
  ['contacts', 'Contacts', 'contacts.reply'],
  ['outbox', 'Outbox', 'contacts.reply'],
  ['search-words', 'Search words', 'search.write'],
  ['staff', 'Staff', 'staff.manage'],
  ['audit', 'Audit log', 'audit.read'],
  ['settings', 'Settings', 'settings.write'],
];

const item = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-slate-200 hover:bg-slate-800'}`;

export function AdminSidebar() {
  const { logout } = useAuth();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [productsOpen, setProductsOpen] = useState(pathname.includes('/dashboard/products'));

  const onLogout = async () => {
    await logout();
    window.alert('Logged out successfully');
    navigate('/');
  };

  return (
    <aside className="no-print bg-slate-900 text-slate-200 md:min-h-full md:w-60 md:shrink-0">
      <div className="flex items-center justify-between px-4 py-3 md:hidden">
        <span className="font-semibold">Menu</span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="admin-menu"
          onClick={() => setOpen((o) => !o)}
          className="rounded-lg border border-slate-700 px-3 py-1 text-sm"
        >
          {open ? 'Close menu' : 'Open menu'}
        </button>
      </div>
      <nav
        id="admin-menu"
        aria-label="Back office"
        className={`${open ? 'block' : 'hidden'} px-3 pb-4 md:block md:pt-4`}
      >
        <ul
          className="space-y-1"
          onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}
        >
          <li>
            <NavLink to="/dashboard/dashboardAdmin" className={item}>
              Dashboard
            </NavLink>
          </li>
          {can('products.read') && (
            <li>
              <button
                type="button"
                aria-expanded={productsOpen}
                aria-controls="admin-products-menu"
                onClick={() => setProductsOpen((o) => !o)}
                className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-200 hover:bg-slate-800"
              >
                Products <span aria-hidden="true">{productsOpen ? '▾' : '▸'}</span>
              </button>
              <ul
                id="admin-products-menu"
                className={`${productsOpen ? 'block' : 'hidden'} mt-1 space-y-1 pl-3`}
              >
                <li>
                  <NavLink to="/dashboard/products/all" className={item}>
                    All Products
                  </NavLink>
                </li>
                {can('products.write') && (
                  <>
                    <li>
                      <NavLink to="/dashboard/products/add" className={item}>
                        Add Product
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to="/dashboard/products/import" className={item}>
                        Import Products
                      </NavLink>
                    </li>
                  </>
                )}
                <li>
                  <NavLink to="/dashboard/low-stock" className={item}>
                    Low Stock
                  </NavLink>
                </li>
              </ul>
            </li>
          )}
          {SCREENS.filter(([, , permission]) => can(permission)).map(([path, label]) => (
            <li key={path}>
              <NavLink to={`/dashboard/${path}`} className={item}>
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/dashboard/security" className={item}>
              Security
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              onClick={onLogout}
              className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-300 hover:bg-slate-800"
            >
              Logout
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
