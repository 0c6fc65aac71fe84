// How long the outbox waits before trying a message again: quickly at first (a blip), then
// further apart (an outage), for about 8 hours in all before the message is marked failed.
import { backoff } from '../lib/queue.ts';

const MINUTE = 60_000;
const DELAYS_MS = [
  30_000,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  60 * MINUTE,
  120 * MINUTE,
  240 * MINUTE,
];

/** Attempts after which a message that still fails is marked failed for an admin to resend. */
export const MAX_ATTEMPTS = DELAYS_MS.length + 1;

/** The wait after the `attempts`-th failed attempt. */
export const retryDelayMs = backoff(DELAYS_MS);
