import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Product } from '@duka/domain';
import { ProductFacts } from './product-facts.tsx';

afterEach(cleanup);

/** A product as a new or imported one comes: nothing written but its name and price. */
const bare: Product = {
  id: 9,
  title: 'Jiko Kettle',
  category: 'kitchen',
  categoryName: 'Kitchen',
  brand: 'Ramtons',
  price: 249_900,
  discountPercentage: 0,
  rating: 0,
  reviewCount: 0,
  stock: 9,
  thumbnail: '/uploads/kettle.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  description: 'A kettle.',
  title_sw: null,
  description_sw: null,
  sku: 'KET-1',
  images: ['/uploads/kettle.webp'],
  tags: [],
  weight: 0,
  dimensions: { width: 0, height: 0, depth: 0 },
  warrantyInformation: '',
  shippingInformation: '',
  availabilityStatus: 'In Stock',
  returnPolicy: '',
  options: [],
  variants: [],
};

const facts = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]),
  );

describe("a product's facts", () => {
  it('say nothing the merchant did not write, and the return policy is the shop’s window', () => {
    render(<ProductFacts p={bare} delivery="Ksh 50 anywhere in Kenya" returnWindowDays={14} />);
    expect(facts()).toEqual({
      Delivery: 'Ksh 50 anywhere in Kenya',
      Availability: 'In Stock',
      'Return policy': '14 days return policy',
    });
    expect(screen.queryByText(/warranty/i)).toBeNull();
    expect(screen.queryByText(/0 g|0 x 0/)).toBeNull();
  });

  it('say what was written: its own return policy over the shop’s, weight, size and warranty', () => {
    render(
      <ProductFacts
        p={{
          ...bare,
          weight: 1200,
          dimensions: { width: 200, height: 250, depth: 180 },
          warrantyInformation: '2 year warranty',
          shippingInformation: 'Ships in 2 days',
          returnPolicy: '7 days return policy',
        }}
        delivery="Ksh 50 anywhere in Kenya"
        returnWindowDays={30}
      />,
    );
    expect(facts()).toMatchObject({
      Shipping: 'Ships in 2 days',
      'Return policy': '7 days return policy',
      Weight: '1200 g',
      Dimensions: '200 x 250 x 180 mm',
      Warranty: '2 year warranty',
    });
  });

  it('a shop that takes nothing back says so', () => {
    render(<ProductFacts p={bare} delivery="Ksh 50 anywhere in Kenya" returnWindowDays={0} />);
    expect(facts()['Return policy']).toBe('No returns');
  });
});
