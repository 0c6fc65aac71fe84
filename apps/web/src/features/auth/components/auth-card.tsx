import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of /login and /signup, which have neither header nor footer (SPEC §2.1). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Link
          to="/"
          className="mb-6 flex items-center justify-center gap-2 text-2xl font-extrabold text-brand-800"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Duka
        </Link>
        <h1 className="mb-6 text-center text-xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}
