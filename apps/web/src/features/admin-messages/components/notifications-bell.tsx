// The notifications bell (SPEC §2.14): unread customer messages, at most 5 listed, each readable in
// full and answerable by e-mail. The panel closes when the page scrolls.
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMessage } from '@duka/domain';
import { REPLY_MESSAGES } from '@duka/domain/admin/messages';
import { Button } from '../../../components/ui/button.tsx';
import { messagesQuery, replyToMessage } from '../api/messages-api.ts';

const PREVIEW = 50;

function MessageItem({ message, onReplied }: { message: AdminMessage; onReplied: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const [replying, setReplying] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const replyId = useId();
  const long = message.message.length > PREVIEW;
  const text = expanded || !long ? message.message : `${message.message.slice(0, PREVIEW)}...`;

  const send = async () => {
    if (!draft.trim()) {
      window.alert(REPLY_MESSAGES.invalid);
      return;
    }
    setSending(true);
    setError('');
    try {
      // The server's words: SPEC's 'Reply sent successfully!', or, with no mail server, the truth.
      window.alert((await replyToMessage(message.id, draft)).message);
      onReplied();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The reply could not be sent.');
    } finally {
      setSending(false);
    }
  };

  return (
    <li className="border-b border-slate-100 px-4 py-3 last:border-0">
      <p className="text-sm font-semibold text-slate-900">{message.name}</p>
      <p className="text-xs text-slate-500">{message.email}</p>
      <button
        type="button"
        className="mt-1 block w-full text-left text-sm text-slate-700 hover:text-slate-900"
        aria-expanded={replying}
        aria-controls={replyId}
        onClick={() => setReplying(true)}
      >
        {text}
      </button>
      {long && (
        <button
          type="button"
          className="text-xs font-medium text-brand-700 hover:underline"
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'View less' : 'View more'}
        </button>
      )}
      {replying && (
        <div id={replyId} className="mt-2 space-y-2">
          <label className="sr-only" htmlFor={`${replyId}-text`}>
            Reply to {message.name}
          </label>
          <textarea
            id={`${replyId}-text`}
            rows={3}
            placeholder="Type your reply here..."
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-600 focus:outline-none"
          />
          {error && (
            <p role="alert" className="text-xs text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              className="px-3 py-1"
              onClick={() => {
                setDraft('');
                setReplying(false);
              }}
            >
              Cancel
            </Button>
            <Button className="px-3 py-1" onClick={send} disabled={sending}>
              {sending ? 'Sending...' : 'Send Reply'}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

export function NotificationsBell() {
  const queryClient = useQueryClient();
  const messages = useQuery(messagesQuery());
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const unread = messages.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    // SPEC: the panel closes when the page scrolls. A scroll event is delivered a frame after the
    // scroll itself, so one from before the panel opened (the page brought to the top so the bell
    // could be clicked) may arrive after: only a page that moved since it opened closes it.
    const openedAt = window.scrollY;
    const onScroll = () => Math.abs(window.scrollY - openedAt) >= 1 && close();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onClick = (e: MouseEvent) => !wrapper.current?.contains(e.target as Node) && close();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div ref={wrapper} className="relative">
      <button
        type="button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-full p-1.5 text-slate-700 hover:bg-slate-100"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M6 17h12l-1.5-2V10a4.5 4.5 0 0 0-9 0v5L6 17zM10 20a2 2 0 0 0 4 0" />
        </svg>
        {unread > 0 && (
          <span
            data-testid="unread-count"
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {unread}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-40 rounded-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-[22rem] border border-slate-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 className="font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              aria-label="Close notifications"
              onClick={() => setOpen(false)}
              className="rounded p-1 text-slate-500 hover:bg-slate-100"
            >
              ✕
            </button>
          </div>
          {messages.isPending ? (
            <p className="px-4 py-6 text-sm text-slate-500">Loading...</p>
          ) : !messages.data || messages.data.messages.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-500">No notifications</p>
          ) : (
            <ul className="max-h-[60vh] overflow-y-auto">
              {messages.data.messages.map((m) => (
                <MessageItem
                  key={m.id}
                  message={m}
                  onReplied={() =>
                    void queryClient.invalidateQueries({ queryKey: ['admin', 'messages'] })
                  }
                />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
