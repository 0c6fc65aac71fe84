import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';

/**
 * SPEC §8: the server's message when it sent one (in the page's language, issue 37), else the
 * screen's own words.
 */
export function useLoadErrorText(): (err: unknown, fallback: string) => string {
  const m = useMessageText();
  return (err, fallback) => (err instanceof ApiError && err.message ? m(err.message) : fallback);
}
