// Where a log-in lands (SPEC §2.8): the alert, then the back office for staff, the shop for others.
// Shared by the password log-in and the phone sign-in so both end the same way.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@duka/domain';
import { useAuthText } from '../text.ts';

export function useLandAfterLogin(): (user: Pick<User, 'is_admin'>) => void {
  const navigate = useNavigate();
  const t = useAuthText();
  return useCallback(
    (user) => {
      window.alert(t('login.success'));
      navigate(user.is_admin ? '/dashboard/dashboardAdmin' : '/');
    },
    [navigate, t],
  );
}
