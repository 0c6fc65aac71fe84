import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ImageGallery } from './image-gallery.tsx';

afterEach(cleanup);

const images = ['/images/products/a.webp', '/images/products/b.webp'];

describe('ImageGallery', () => {
  it('writes the main image before the thumbnails, so a page painted half-loaded does not jump', () => {
    render(<ImageGallery images={images} title="Mvule Table" />);
    const main = screen.getByTestId('main-image');
    const thumbnails = screen.getByRole('list', { name: 'Product images' });
    // A browser paints what it has parsed: thumbnails written first were painted at the top and
    // then pushed down by the main image (a layout shift of 0.097 on a phone, seen on CI).
    expect(
      main.compareDocumentPosition(thumbnails) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows the chosen thumbnail as the main image', () => {
    render(<ImageGallery images={images} title="Mvule Table" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByTestId('main-image').getAttribute('src')).toBe(images[1]);
    expect(screen.getByTestId('main-image').getAttribute('alt')).toBe('Mvule Table, image 2 of 2');
    expect(
      screen.getByRole('button', { name: 'Show image 2 of 2' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
