import { useId } from 'react';
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

  it('refuses a useId inside a later part, in every web test (testing/no-ids-in-later-parts.ts)', () => {
    const Numbered = () => <label htmlFor={useId()}>Quantity</label>;
    expect(() => renderToString(<Numbered />)).not.toThrow();
    expect(() =>
      renderToString(
        <HydrateLater>
          <div>
            <Numbered />
          </div>
        </HydrateLater>,
      ),
    ).toThrow('Numbered calls useId inside <HydrateLater>');
  });
});
