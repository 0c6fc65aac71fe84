import { describe, expect, it } from 'vitest';
import { scrollKeyOf } from './page-scroll.tsx';

describe('where a scroll position is kept', () => {
  it('by visit within the app, by address for a page loaded from the server', () => {
    expect(scrollKeyOf({ key: 'x1y2', pathname: '/dashboard/contacts', search: '' })).toBe('x1y2');
    // Two pages loaded from the server both start as 'default': never one position for both.
    const contacts = scrollKeyOf({ key: 'default', pathname: '/dashboard/contacts', search: '' });
    const dashboard = scrollKeyOf({
      key: 'default',
      pathname: '/dashboard/dashboardAdmin',
      search: '',
    });
    expect(contacts).not.toBe(dashboard);
    expect(scrollKeyOf({ key: 'default', pathname: '/products', search: '?page=2' })).toBe(
      '/products?page=2',
    );
  });
});
