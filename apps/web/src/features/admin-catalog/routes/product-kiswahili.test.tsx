// A product's optional Kiswahili title and description (issue 37) on Add Product and the product
// editor, against a stand-in API: the fields sit under the English ones with their hint, what is
// typed is sent (an emptied box as ''), and the server's refusal shows at its field.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Product } from '@duka/domain';
import { PERMISSIONS } from '@duka/domain/staff/permissions';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { ADMIN, standInApi } from '../../../testing/back-office-screen.tsx';
import { KISWAHILI_HINT } from '../components/kiswahili-fields.tsx';
import AddProductPage from './add-product-page.tsx';
import EditProductPage from './edit-product-page.tsx';

const api = standInApi();

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** What a screen reader hears after the field's label: its error, then the hint. */
const descriptionOf = (label: string) =>
  (field(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

const STOOL: Product = {
  id: 5,
  title: 'Mvule Stool',
  category: 'furniture',
  categoryName: 'Furniture',
  brand: 'Mti Mzuri',
  price: 450_000,
  discountPercentage: 0,
  rating: 0,
  reviewCount: 0,
  stock: 3,
  thumbnail: '/uploads/stool.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  title_sw: 'Kigoda cha Mvule',
  description: 'A stool.',
  description_sw: 'Kigoda.',
  sku: 'STOOL',
  images: ['/uploads/stool.webp'],
  tags: [],
  weight: 0,
  dimensions: { width: 0, height: 0, depth: 0 },
  warrantyInformation: '',
  shippingInformation: '',
  availabilityStatus: 'Low Stock',
  returnPolicy: '',
  options: [],
  variants: [],
};

function catalogue() {
  api.routes['GET /api/products/categories'] = () => ({
    body: [{ slug: 'furniture', name: 'Furniture', count: 1 }],
  });
}

/** The editor of product 5, as its address opens it, for the owner. */
function openEditor() {
  api.routes['GET /api/current_user'] = () => ({ body: { ...ADMIN, permissions: PERMISSIONS } });
  api.routes['GET /api/products/5'] = () => ({ body: STOOL });
  render(
    <MemoryRouter initialEntries={['/dashboard/products/5/edit']}>
      <AppProviders>
        <AuthProvider>
          <Routes>
            <Route path="/dashboard/products/:id/edit" element={<EditProductPage />} />
          </Routes>
        </AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}

describe('Add Product', () => {
  it('sends the Kiswahili title and description typed under the English ones', async () => {
    catalogue();
    let sent: Record<string, unknown> = {};
    api.routes['POST /api/products'] = (init) => {
      sent = JSON.parse(String(init?.body));
      return { status: 201, body: { message: 'Product added successfully', product: STOOL } };
    };
    api.renderAs(<AddProductPage />);
    // Under the English fields, in the order a merchant fills them.
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels.slice(0, 5)).toEqual([
      'Product Name',
      'Brand',
      'Description',
      'Kiswahili title (optional)',
      'Kiswahili description (optional)',
    ]);
    expect(descriptionOf('Kiswahili title (optional)')).toBe(KISWAHILI_HINT);
    expect(KISWAHILI_HINT).toBe(
      'Shown in the Kiswahili shop (/sw/). Leave empty to show the English text.',
    );
    type('Product Name', 'Mvule Stool');
    type('Description', 'A stool.');
    type('Kiswahili title (optional)', 'Kigoda cha Mvule');
    type('Kiswahili description (optional)', 'Kigoda.\nKinadumu.');
    fireEvent.click(screen.getByRole('button', { name: 'Add Products' }));
    expect(await screen.findByText('was added.', { exact: false })).toBeTruthy();
    expect(sent).toMatchObject({
      title: 'Mvule Stool',
      title_sw: 'Kigoda cha Mvule',
      description_sw: 'Kigoda.\nKinadumu.',
    });
    // The form clears for the next product, the Kiswahili boxes too.
    expect(field('Kiswahili title (optional)').value).toBe('');
  });
});

describe('the product editor', () => {
  it('shows the product’s Kiswahili texts, sends an emptied one as empty, and shows a refusal at its field', async () => {
    catalogue();
    const sent: Record<string, unknown>[] = [];
    api.routes['PUT /api/admin/products/5'] = (init) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      if (body.title_sw.length > 200) {
        return {
          status: 400,
          body: {
            error: 'Invalid request',
            code: 'VALIDATION_ERROR',
            fields: { title_sw: 'The Kiswahili title is at most 200 characters.' },
          },
        };
      }
      return { body: { ...STOOL, title_sw: body.title_sw || null } };
    };
    openEditor();
    expect((await screen.findByLabelText('Kiswahili title (optional)')).getAttribute('lang')).toBe(
      'sw',
    );
    expect(field('Kiswahili title (optional)').value).toBe('Kigoda cha Mvule');
    expect(field('Kiswahili description (optional)').value).toBe('Kigoda.');

    type('Kiswahili title (optional)', 'k'.repeat(201));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The Kiswahili title is at most 200 characters.')).toBeTruthy();
    expect(descriptionOf('Kiswahili title (optional)')).toBe(
      `The Kiswahili title is at most 200 characters. | ${KISWAHILI_HINT}`,
    );

    type('Kiswahili title (optional)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ title_sw: '', description_sw: 'Kigoda.' });
  });
});
