// What the signed-in person may do in the back office (decision record 021). Only decides what is
// shown: the server checks every call.
import type { Permission } from '@duka/domain';
import { useAuth } from './auth-context.ts';

export function useCan(): (permission: Permission) => boolean {
  const { currentUser } = useAuth();
  const granted = currentUser?.permissions ?? [];
  return (permission) => granted.includes(permission);
}
