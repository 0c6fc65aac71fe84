import { ApiError } from '../../../lib/api-client.ts';

/** SPEC §8: the server's message when it sent one, else the screen's own words. */
export function loadErrorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
