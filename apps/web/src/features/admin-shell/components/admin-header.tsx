// The admin header (SPEC §2.14): logo, search, notifications bell and account link.
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAccessToken } from '../../../lib/session.ts';

export function AdminHeader({ bell }: { bell?: ReactNode }) {
  const navigate = useNavigate();
  const token = useAccessToken();
  const [query, setQuery] = useState('');
  const searchId = useId();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Duka
        </Link>
        <form
          role="search"
          className="order-last w-full md:order-none md:w-auto md:flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            const q = query.trim();
            if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            Search products, customers and orders
          </label>
          <input
            id={searchId}
            type="search"
            placeholder="Search..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="w-full max-w-md rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none"
          />
        </form>
        <div className="ml-auto flex items-center gap-4 text-sm font-medium">
          {bell}
          {token ? (
            <Link to="/dashboard/dashboardAdmin" className="hover:text-brand-700">
              My Account
            </Link>
          ) : (
            <Link to="/login" className="hover:text-brand-700">
              Login
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
