import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ResponsiveTable, type Column } from './responsive-table.tsx';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = [
  { id: 7, name: 'Achieng' },
  { id: 9, name: 'Kamau' },
];

describe('ResponsiveTable', () => {
  it('is a captioned table whose cells carry their column name for the card layout', () => {
    const columns: Column<Row>[] = [
      { header: 'No.', cell: (_row, index) => index + 1 },
      { header: 'Name', cell: (row) => row.name },
    ];
    render(
      <ResponsiveTable
        caption="People"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        footer="Total: 2"
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    const [header, first, second, footer] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['No.', 'Name']);
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['1', 'Achieng']);
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['No.', 'Name']);
    expect(within(second!).getAllByRole('cell')[1]!.textContent).toBe('Kamau');
    expect(footer!.textContent).toBe('Total: 2');
  });

  it('shows a header control instead of the name, with the header attributes given', () => {
    render(
      <ResponsiveTable
        caption="Sortable"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          {
            header: 'Name',
            headerContent: <button type="button">Name ▲</button>,
            headerProps: { 'aria-sort': 'ascending' },
            cell: (row) => row.name,
          },
        ]}
      />,
    );
    const header = screen.getByRole('columnheader');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(within(header).getByRole('button', { name: 'Name ▲' })).toBeTruthy();
  });

  it('is a named region in the tab order only while it is wider than its frame', () => {
    const widths = { scrollWidth: 900, clientWidth: 600 };
    for (const name of ['scrollWidth', 'clientWidth'] as const) {
      vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(() => widths[name]);
    }
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    try {
      const columns: Column<Row>[] = [{ header: 'Name', cell: (row) => row.name }];
      const table = (
        <ResponsiveTable caption="People" columns={columns} rows={rows} rowKey={(r) => r.id} />
      );
      const { unmount } = render(table);
      expect(screen.getByRole('region', { name: 'People' }).getAttribute('tabindex')).toBe('0');
      unmount();
      widths.scrollWidth = 600;
      render(table);
      expect(screen.queryByRole('region')).toBeNull();
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });
});
