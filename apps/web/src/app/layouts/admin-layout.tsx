// The back office's frame: the shell's header and sidebar, with the messages feature's bell and
// mail banner (features do not import each other, so app/ puts them together).
import { Outlet } from 'react-router';
import { MailBanner } from '../../features/admin-messages/components/mail-banner.tsx';
import { NotificationsBell } from '../../features/admin-messages/components/notifications-bell.tsx';
import { AdminHeader } from '../../features/admin-shell/components/admin-header.tsx';
import { AdminSidebar } from '../../features/admin-shell/components/admin-sidebar.tsx';
import { useCan } from '../../lib/use-can.ts';
import { PageScrollRestoration } from './page-scroll.tsx';
import { ShopFooter } from './shop-footer.tsx';

/** Paths under /dashboard get the admin header (SPEC §2.1) and the back office's sidebar. */
export default function AdminLayout() {
  const can = useCan();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {/* The bell holds customers' messages: only for those who answer them. */}
      <AdminHeader bell={can('contacts.reply') && <NotificationsBell />} />
      <MailBanner showOutbox={can('contacts.reply')} />
      <div className="flex flex-1 flex-col md:flex-row">
        <AdminSidebar />
        <main id="main" className="min-w-0 flex-1 p-4 pb-12 md:p-8 md:pb-16">
          <Outlet />
        </main>
      </div>
      <ShopFooter flush />
      <PageScrollRestoration />
    </div>
  );
}
