import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NumberedPager, numberWindow } from './numbered-pager.tsx';

afterEach(cleanup);

describe('numberWindow', () => {
  it('centres the current page and stays within the pages there are', () => {
    expect(numberWindow(1, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(numberWindow(7, 20, 5)).toEqual([5, 6, 7, 8, 9]);
    expect(numberWindow(20, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(numberWindow(2, 3, 5)).toEqual([1, 2, 3]);
    expect(numberWindow(14, 14, 10)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(numberWindow(1, 0, 5)).toEqual([]);
  });
});

describe('NumberedPager', () => {
  it('disables first and previous on the first page, next and last on the last', () => {
    const onPageChange = vi.fn();
    render(
      <NumberedPager page={1} pageCount={8} onPageChange={onPageChange} windowSize={5} ends />,
    );
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button('First').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(button('Page 1').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Page 6' })).toBeNull();
    fireEvent.click(button('Last'));
    expect(onPageChange).toHaveBeenCalledWith(8);
    cleanup();
    render(
      <NumberedPager page={8} pageCount={8} onPageChange={onPageChange} windowSize={5} ends />,
    );
    expect(button('Next').disabled).toBe(true);
    expect(button('Last').disabled).toBe(true);
    expect(button('First').disabled).toBe(false);
  });

  it('leaves out the buttons it is told to, and shows nothing for a single page', () => {
    const { rerender } = render(
      <NumberedPager
        page={1}
        pageCount={4}
        onPageChange={() => {}}
        windowSize={10}
        previous={false}
        next={false}
      />,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4']);
    rerender(<NumberedPager page={1} pageCount={1} onPageChange={() => {}} windowSize={10} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
