import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function DashboardAdminPage() {
  useDocumentTitle('Dashboard');
  return <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>;
}
