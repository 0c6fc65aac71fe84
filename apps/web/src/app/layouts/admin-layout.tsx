import { Outlet, ScrollRestoration } from 'react-router';
import { AdminHeader } from '../../features/admin/components/admin-header.tsx';
import { AdminSidebar } from '../../features/admin/components/admin-sidebar.tsx';
import { NotificationsBell } from '../../features/admin/components/notifications-bell.tsx';
import { ShopFooter } from './shop-footer.tsx';

/** Paths under /dashboard get the admin header (SPEC §2.1) and the back office's sidebar. */
export default function AdminLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <AdminHeader bell={<NotificationsBell />} />
      <div className="flex flex-1 flex-col md:flex-row">
        <AdminSidebar />
        <main id="main" className="min-w-0 flex-1 p-4 md:p-8">
          <Outlet />
        </main>
      </div>
      <ShopFooter />
      <ScrollRestoration />
    </div>
  );
}
