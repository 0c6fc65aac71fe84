// Staff, invitations, the shop's two-step setting and the audit log (issue 25).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditPage,
  AuditVerification,
  NewStaffInvitation,
  Role,
  StaffList,
} from '@duka/domain';
import { api, apiBlob } from '../../../lib/api-client.ts';

export const staffQuery = () =>
  queryOptions({ queryKey: ['admin', 'staff'], queryFn: () => api<StaffList>('/admin/staff') });

export const inviteStaff = (email: string, role: Role) =>
  api<NewStaffInvitation>('/admin/staff/invitations', { method: 'POST', body: { email, role } });
export const changeStaffRole = (userId: number, role: Role) =>
  api<{ message: string }>(`/admin/staff/${userId}`, { method: 'PATCH', body: { role } });
export const removeStaff = (userId: number) =>
  api<{ message: string }>(`/admin/staff/${userId}`, { method: 'DELETE' });
export const withdrawInvitation = (invitationId: number) =>
  api<{ message: string }>(`/admin/staff/invitations/${invitationId}`, { method: 'DELETE' });
export const setRequireTwoFactor = (required: boolean) =>
  api<{ require_two_factor: boolean }>('/admin/staff/settings', {
    method: 'PUT',
    body: { require_two_factor: required },
  });

export interface AuditFilters {
  actor?: string;
  entity?: string;
  entity_id?: string;
  action?: string;
  from?: string;
  to?: string;
}

const present = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));

export const auditQuery = (filters: AuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', present(filters), page, pageSize],
    queryFn: () =>
      api<AuditPage>('/admin/audit', {
        query: { ...present(filters), limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const auditCsv = (filters: AuditFilters) =>
  apiBlob('/admin/audit.csv', { query: present(filters) });

/** The whole log checked against its hash chain (owners, decision record 025). */
export const verifyAuditLog = () => api<AuditVerification>('/admin/audit/verify');
