// Staff roles and their permissions (decision record 021). Each admin route asks for exactly one
// permission; a role is a fixed set of them. Shared so the back office shows only what a person
// may do; the server checks every call anyway.
import { z } from 'zod';

export const PERMISSIONS = [
  'dashboard.read',
  'products.read',
  'products.write',
  'search.write',
  'reviews.moderate',
  'orders.read',
  'orders.fulfil',
  'payments.read',
  'payments.collect',
  'payments.refund',
  'delivery.write',
  'promotions.write',
  'customers.read',
  'contacts.reply',
  'staff.manage',
  'settings.write',
  'invoices.read',
  'invoices.write',
  'audit.read',
  'audit.verify',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'manager', 'catalogue', 'fulfilment', 'support', 'finance'] as const;
export type Role = (typeof ROLES)[number];

const OWNER_ONLY: readonly Permission[] = [
  'staff.manage',
  'settings.write',
  'audit.read',
  'audit.verify',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  catalogue: [
    'dashboard.read',
    'products.read',
    'products.write',
    'search.write',
    'reviews.moderate',
  ],
  fulfilment: [
    'dashboard.read',
    'orders.read',
    'orders.fulfil',
    'payments.collect',
    'delivery.write',
  ],
  support: [
    'dashboard.read',
    'orders.read',
    'customers.read',
    'contacts.reply',
    'reviews.moderate',
  ],
  finance: [
    'dashboard.read',
    'orders.read',
    'payments.read',
    'payments.collect',
    'payments.refund',
    'invoices.read',
    'invoices.write',
  ],
};

/** What a person with this role (null: a shopper) may do. */
export const permissionsOf = (role: Role | null | undefined): readonly Permission[] =>
  role ? ROLE_PERMISSIONS[role] : [];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  catalogue: 'Catalogue',
  fulfilment: 'Fulfilment',
  support: 'Support',
  finance: 'Finance',
};

export const roleSchema = z.enum(ROLES, {
  error: `The role must be one of: ${ROLES.join(', ')}.`,
});
export const permissionSchema = z.enum(PERMISSIONS);
