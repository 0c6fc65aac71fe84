// Short notices after an action (SPEC §8, §9): a bar at the bottom of the screen that disappears
// after 2000 ms. Green for success, red for failure; read out by screen readers. A notice's text is
// often a sentence of the shared messages or the server's, in English: it is shown in the page's
// language.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useMessageText } from '../../lib/i18n/message-text.ts';

export const NOTICE_TIMEOUT_MS = 2000;

export interface Notice {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

type Show = (kind: Notice['kind'], text: string) => void;
const NoticesContext = createContext<Show | null>(null);

export function NoticesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const next = useRef(0);
  // Each notice's timer, cleared when the provider goes: none fires into an unmounted tree.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);

  const show = useCallback<Show>((kind, text) => {
    const id = ++next.current;
    setNotices((all) => [...all.filter((n) => n.text !== text), { id, kind, text }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setNotices((all) => all.filter((n) => n.id !== id));
    }, NOTICE_TIMEOUT_MS);
    timers.current.add(timer);
  }, []);

  const m = useMessageText();
  const value = useMemo(() => show, [show]);
  return (
    <NoticesContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-3">
        <div role="status" aria-live="polite" className="contents">
          {notices
            .filter((n) => n.kind === 'success')
            .map((n) => (
              <p
                key={n.id}
                data-notice="success"
                className="pointer-events-auto w-full max-w-xl rounded-lg bg-green-600 px-4 py-3 text-center text-sm font-medium text-white shadow-lg"
              >
                {m(n.text)}
              </p>
            ))}
        </div>
        <div role="alert" className="contents">
          {notices
            .filter((n) => n.kind === 'error')
            .map((n) => (
              <p
                key={n.id}
                data-notice="error"
                className="pointer-events-auto w-full max-w-xl rounded-lg bg-red-600 px-4 py-3 text-center text-sm font-medium text-white shadow-lg"
              >
                {m(n.text)}
              </p>
            ))}
        </div>
      </div>
    </NoticesContext.Provider>
  );
}

export function useNotice(): Show {
  const show = useContext(NoticesContext);
  if (!show) throw new Error('useNotice must be used inside NoticesProvider');
  return show;
}
