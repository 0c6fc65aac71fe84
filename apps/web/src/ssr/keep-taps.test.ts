import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceHydrated } from '../lib/hydration.tsx';
import { keepTapsScript } from './keep-taps.ts';

/** A server-rendered page whose scripts have not run: the keeper runs as the page's <head> would. */
function serverPage(html: string) {
  document.documentElement.removeAttribute('data-hydrated');
  document.body.innerHTML = `<div id="root">${html}</div>`;
  // The text that goes into the page, not the function: what ships is what is tested.
  new Function(keepTapsScript)();
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

afterEach(async () => {
  document.body.innerHTML = '';
  // A keeper the test left waiting lets go, as the app's hydration would make it.
  await announceHydrated(document);
});

describe('a tap before the page has hydrated', () => {
  it('is held, shown as waiting, and made once the app answers', async () => {
    serverPage('<button id="add" type="button">Add to Cart</button>');
    const add = byId<HTMLButtonElement>('add');
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    add.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(add.getAttribute('aria-busy')).toBe('true');

    // Hydration attaches the app's handler, then the app says it answers.
    const handler = vi.fn();
    add.addEventListener('click', handler);
    expect(handler).not.toHaveBeenCalled();
    await announceHydrated(document);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(add.hasAttribute('aria-busy')).toBe(false);

    // From then on a tap is the app's alone.
    add.click();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('keeps every tap, in order, on the same or another button', async () => {
    serverPage(
      '<button id="plus" type="button">+</button><span><button id="buy">Proceed</button></span>',
    );
    const made: string[] = [];
    byId('plus').click();
    byId('plus').click();
    byId('buy').click();
    byId('plus').addEventListener('click', () => made.push('plus'));
    byId('buy').addEventListener('click', () => made.push('buy'));
    await announceHydrated(document);
    expect(made).toEqual(['plus', 'plus', 'buy']);
  });

  it('is not made again on a button that went away or was disabled meanwhile', async () => {
    serverPage('<button id="a" type="button">A</button><button id="b" type="button">B</button>');
    const a = byId<HTMLButtonElement>('a');
    const b = byId<HTMLButtonElement>('b');
    a.click();
    b.click();
    const handler = vi.fn();
    a.addEventListener('click', handler);
    b.addEventListener('click', handler);
    a.remove();
    b.disabled = true;
    await announceHydrated(document);
    expect(handler).not.toHaveBeenCalled();
  });

  it('leaves alone links and forms that work without scripts, and what is outside the app', async () => {
    serverPage(
      '<a id="link" href="#somewhere"><span id="inside">Laptops</span></a>' +
        '<form id="search" action="/products" method="get"><button id="go">Search</button></form>',
    );
    const outside = document.createElement('button');
    document.body.append(outside);
    for (const element of [byId('inside'), byId('go'), outside]) {
      const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
      // The form's own submit is not the point here: only whether the keeper held the tap.
      element.addEventListener('click', (e) => e.preventDefault(), { once: true });
      element.dispatchEvent(tap);
      expect(element.hasAttribute('aria-busy')).toBe(false);
    }
  });

  it('holds Enter in a form the app submits, and submits it once the app answers', async () => {
    serverPage('<form id="coupon"><input name="code" /><button id="apply">Apply</button></form>');
    const form = byId<HTMLFormElement>('coupon');
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    await announceHydrated(document);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('tells the app what was typed, picked or ticked before it listened', async () => {
    serverPage(
      '<input id="qty" value="1" /><input id="plain" value="same" />' +
        '<input id="gift" type="checkbox" />' +
        '<select id="size"><option value="s">S</option><option value="m">M</option></select>',
    );
    byId<HTMLInputElement>('qty').value = '3';
    byId<HTMLInputElement>('gift').checked = true;
    byId<HTMLSelectElement>('size').value = 'm';
    const told: string[] = [];
    for (const id of ['qty', 'plain', 'gift', 'size']) {
      byId(id).addEventListener('input', () => told.push(`${id}:input`));
      byId(id).addEventListener('change', () => told.push(`${id}:change`));
    }
    await announceHydrated(document);
    expect(told).toEqual([
      'qty:input',
      'qty:change',
      'gift:input',
      'gift:change',
      'size:input',
      'size:change',
    ]);
  });

  it('does nothing on a page that has already hydrated', async () => {
    document.body.innerHTML = '<div id="root"><button id="x" type="button">X</button></div>';
    document.documentElement.dataset.hydrated = '';
    new Function(keepTapsScript)();
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('x').dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
  });
});
