import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { HalfStars } from './half-stars.tsx';

afterEach(cleanup);

const fills = () =>
  Array.from(screen.getByRole('img').querySelectorAll('[data-fill]')).map((s) =>
    s.getAttribute('data-fill'),
  );

describe('HalfStars', () => {
  it('reads as a sentence and draws whole and half stars', () => {
    render(<HalfStars rating={3.5} />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeTruthy();
    expect(fills()).toEqual(['full', 'full', 'full', 'half', 'empty']);
  });

  it('rounds to the nearest half star and stays within 0 to 5', () => {
    render(<HalfStars rating={4.8} />);
    expect(fills()).toEqual(['full', 'full', 'full', 'full', 'full']);
    cleanup();
    render(<HalfStars rating={1.2} />);
    expect(fills()).toEqual(['full', 'empty', 'empty', 'empty', 'empty']);
    cleanup();
    render(<HalfStars rating={7} />);
    expect(fills()).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('draws size 24 by default without any style attribute', () => {
    const { container } = render(<HalfStars rating={2} />);
    expect(container.querySelectorAll('svg.size-6')).toHaveLength(7); // 5 outlines, 2 filled
    expect(container.querySelector('[style]')).toBeNull();
  });
});
