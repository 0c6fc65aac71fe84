// /dashboard: the back office's dashboard, with the messages feature's failed messages above it
// for those who answer customers' messages (as the layout gives them the bell).
import DashboardAdminPage from '../../features/admin-shell/routes/dashboard-admin-page.tsx';
import { FailedMessages } from '../../features/admin-messages/components/failed-messages.tsx';
import { useCan } from '../../lib/use-can.ts';

export default function AdminDashboardRoute() {
  const can = useCan();
  return <DashboardAdminPage failedMessages={can('contacts.reply') && <FailedMessages />} />;
}
