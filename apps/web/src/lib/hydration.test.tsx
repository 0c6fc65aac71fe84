import { useId, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { announceHydrated, hydrateInTurns, HydrateLater } from './hydration.tsx';

function Page({ now, later }: { now: () => void; later: () => void }) {
  return (
    <main>
      <button onClick={now}>Now</button>
      <ul>
        <li>
          <HydrateLater>
            <p>A card</p>
            <button onClick={later}>Later</button>
          </HydrateLater>
        </li>
      </ul>
      <p>After</p>
    </main>
  );
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('hydration in turns', () => {
  it('hydrates a later part in a task of its own, keeping the server’s HTML node for node', async () => {
    document.documentElement.removeAttribute('data-hydrated');
    const html = renderToString(<Page now={() => {}} later={() => {}} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverButton = button('Later');
    const now = vi.fn();
    const later = vi.fn();

    hydrateInTurns(() => void hydrateRoot(container, <Page now={now} later={later} />));
    // The rest of the page answers at once; the later part's HTML is there but not yet live.
    button('Now').click();
    expect(now).toHaveBeenCalledTimes(1);
    button('Later').click();
    expect(later).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);

    // The page says it answers once the later part has had its turn.
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(false);
    await act(() => announceHydrated(document));
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
    button('Later').click();
    expect(later).toHaveBeenCalledTimes(1);
    // Hydrated, not drawn again: the very nodes the server sent.
    expect(button('Later')).toBe(serverButton);
    expect(container.innerHTML).toBe(html);
  });

  it('says the page answers only once a part inside a later part has had its own turn', async () => {
    document.documentElement.removeAttribute('data-hydrated');
    const Nested = ({ inner }: { inner: () => void }) => (
      <section>
        <HydrateLater>
          <h2>Related</h2>
          <HydrateLater>
            <button onClick={inner}>Inner</button>
          </HydrateLater>
        </HydrateLater>
      </section>
    );
    const html = renderToString(<Nested inner={() => {}} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const inner = vi.fn();
    hydrateInTurns(() => void hydrateRoot(container, <Nested inner={inner} />));
    await act(() => announceHydrated(document));
    button('Inner').click();
    expect(inner).toHaveBeenCalledTimes(1);
    expect(container.innerHTML).toBe(html);
  });

  it('renders a later part at once when the page is not being hydrated', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const later = vi.fn();
    act(() => createRoot(container).render(<Page now={() => {}} later={later} />));
    button('Later').click();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('numbers ids inside a later part as the server did, whatever order the parts hydrate in', async () => {
    document.documentElement.removeAttribute('data-hydrated');
    // Each shows its own id as text: hydration rewrites a text that differs, so the HTML after it
    // is the server's only if every id came out the same in the browser.
    const Numbered = () => <span>{useId()}</span>;
    const App = () => (
      <main>
        <Numbered />
        <HydrateLater>
          <Numbered />
          <HydrateLater>
            <Numbered />
          </HydrateLater>
          <Numbered />
        </HydrateLater>
        <Numbered />
        <HydrateLater>
          <Numbered />
        </HydrateLater>
      </main>
    );
    const html = renderToString(<App />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    hydrateInTurns(() => void hydrateRoot(container, <App />));
    await act(() => announceHydrated(document));
    expect(container.innerHTML).toBe(html);
    const ids = [...container.querySelectorAll('span')].map((span) => span.textContent);
    expect(new Set(ids).size).toBe(6);
  });

  it('gives a part drawn after hydration ids of its own, never one already on the page', async () => {
    document.documentElement.removeAttribute('data-hydrated');
    const Numbered = () => <span>{useId()}</span>;
    const Growing = () => {
      const [more, setMore] = useState(false);
      return (
        <HydrateLater>
          <button onClick={() => setMore(true)}>More</button>
          <Numbered />
          {more && <Numbered />}
          {more && (
            <HydrateLater>
              <Numbered />
            </HydrateLater>
          )}
        </HydrateLater>
      );
    };
    const App = () => (
      <main>
        <Numbered />
        <Growing />
        <HydrateLater>
          <Numbered />
        </HydrateLater>
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(<App />);
    document.body.append(container);
    hydrateInTurns(() => void hydrateRoot(container, <App />));
    await act(() => announceHydrated(document));
    act(() => button('More').click());
    const ids = [...container.querySelectorAll('span')].map((span) => span.textContent);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });
});
