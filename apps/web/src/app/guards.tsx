// The route groups of SPEC §2.1: /dashboard/* exists only for admins, /userprofile/* only for
// logged-in shoppers. The server checks every call anyway; these only decide what is shown.
import { Navigate, Outlet } from 'react-router';
import { ButtonLink } from '../components/ui/button.tsx';
import { LoadingText } from '../components/ui/status.tsx';
import { useAuth } from '../lib/auth-context.ts';
import NotFoundPage from '../components/ui/not-found-page.tsx';

export function RequireAdmin() {
  const { currentUser, isLoading } = useAuth();
  // Also while a remembered session signs in ('Remember me'), before any token is here.
  if (isLoading) return <LoadingText />;
  // For anyone else the admin routes do not exist.
  if (!currentUser?.is_admin) return <NotFoundPage />;
  return <Outlet />;
}

export function RequireShopper() {
  const { authToken, currentUser, isLoading } = useAuth();
  // Also while a remembered session signs in ('Remember me'), before any token is here.
  if (isLoading) return <LoadingText />;
  if (!authToken || !currentUser) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <p className="text-lg text-slate-700">Please log in to access your profile.</p>
        <ButtonLink to="/login" className="mt-6">
          Log In
        </ButtonLink>
      </div>
    );
  }
  // Admins have no shopper area; their account is the back office.
  if (currentUser.is_admin) return <Navigate to="/dashboard/dashboardAdmin" replace />;
  return <Outlet />;
}
