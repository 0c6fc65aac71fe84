import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { cleanup, render } from '@testing-library/react';
import { ServerResponseContext, ServerResponseSink } from '../../lib/server-response.ts';
import { ProductImage } from './product-image.tsx';

afterEach(cleanup);

const img = (ui: React.ReactElement) => render(ui).container.querySelector('img')!;

describe('ProductImage', () => {
  it('offers the 160, 400 and 800 px copies of a shop image, lazily by default', () => {
    const el = img(
      <ProductImage src="/uploads/0b8f3c1e-6d2a-4f7b-9c3d-2e1f0a9b8c7d.webp" alt="" sizes="80px" />,
    );
    const stem = '/uploads/0b8f3c1e-6d2a-4f7b-9c3d-2e1f0a9b8c7d';
    expect(el.getAttribute('srcset')).toBe(
      `${stem}-160w.webp 160w, ${stem}-400w.webp 400w, ${stem}-800w.webp 800w`,
    );
    expect(el.getAttribute('sizes')).toBe('80px');
    expect(el.getAttribute('src')).toBe(`${stem}.webp`);
    expect(el.getAttribute('loading')).toBe('lazy');
    expect(el.getAttribute('decoding')).toBe('async');
    expect(el.hasAttribute('fetchpriority')).toBe(false);
    expect([el.getAttribute('width'), el.getAttribute('height')]).toEqual(['400', '400']);
  });

  it('fetches the priority image at once and first', () => {
    const el = img(
      <ProductImage
        src="/images/products/FUR-MTI-0001-1.webp"
        alt="Mvule table"
        sizes="(min-width: 1024px) 50vw, 100vw"
        width={800}
        height={800}
        priority
      />,
    );
    expect(el.getAttribute('loading')).toBe('eager');
    expect(el.getAttribute('fetchpriority')).toBe('high');
    expect(el.getAttribute('srcset')).toContain('/images/products/FUR-MTI-0001-1-400w.webp 400w');
    expect(el.getAttribute('sizes')).toBe('(min-width: 1024px) 50vw, 100vw');
    expect(el.getAttribute('alt')).toBe('Mvule table');
    expect([el.getAttribute('width'), el.getAttribute('height')]).toEqual(['800', '800']);
  });

  it('shows an image from elsewhere as it is, with no srcset to break', () => {
    for (const src of [
      'https://cdn.dummyjson.com/products/images/1/thumbnail.png',
      '/images/products/FUR-MTI-0001-1-400w.webp',
      '/favicon.svg',
    ]) {
      const el = img(<ProductImage src={src} alt="" sizes="80px" />);
      expect(el.getAttribute('src')).toBe(src);
      expect(el.hasAttribute('srcset')).toBe(false);
      expect(el.hasAttribute('sizes')).toBe(false);
      cleanup();
    }
  });

  it('renders the same markup on the server, and has the page preload a priority image', () => {
    const sink = new ServerResponseSink();
    const html = renderToString(
      <ServerResponseContext.Provider value={sink}>
        <ProductImage src="/images/products/A-1.webp" alt="" sizes="64px" priority />
        <ProductImage src="/images/products/B-1.webp" alt="" sizes="64px" />
      </ServerResponseContext.Provider>,
    ).toLowerCase(); // attribute names are not case-sensitive in HTML
    expect(html).toContain('srcset="/images/products/a-1-160w.webp 160w');
    expect(html).toContain('sizes="64px"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('loading="eager"');
    expect(sink.preloadTags()).toBe(
      '<link rel="preload" as="image" imagesrcset="/images/products/A-1-160w.webp 160w, ' +
        '/images/products/A-1-400w.webp 400w, /images/products/A-1-800w.webp 800w" ' +
        'imagesizes="64px" fetchpriority="high" />',
    );
  });

  it('has an image from elsewhere preloaded by its address', () => {
    const sink = new ServerResponseSink();
    renderToString(
      <ServerResponseContext.Provider value={sink}>
        <ProductImage src="https://cdn.example.com/a.png?w=1&h=2" alt="" sizes="64px" priority />
      </ServerResponseContext.Provider>,
    );
    expect(sink.preloadTags()).toBe(
      '<link rel="preload" as="image" href="https://cdn.example.com/a.png?w=1&amp;h=2" fetchpriority="high" />',
    );
  });
});
