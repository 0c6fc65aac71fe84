// What the phone sign-in (features/auth) and the profile's phone check (features/account) share:
// a number as people read it, and the wait before another code. (The number's rule itself is the
// shared schema's: signInPhoneSchema in @duka/domain/auth/phone-sign-in.)
import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '@duka/domain/i18n/locale';
import { shopTextIn } from './i18n/text.ts';

/** '+254712345678' as people read it: '+254 712 345 678'. */
export function displayPhone(international: string): string {
  const match = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(international);
  return match ? `+254 ${match[1]} ${match[2]} ${match[3]}` : international;
}

/** 'in 45 seconds', 'in 1 minute', 'in 12 minutes' ('baada ya sekunde 45'): when to try again. */
export function waitInWords(seconds: number, locale: Locale): string {
  const t = shopTextIn(locale);
  if (seconds < 60) return t('phoneCode.inSeconds', { count: Math.max(1, Math.ceil(seconds)) });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t('phoneCode.inAMinute') : t('phoneCode.inMinutes', { count: minutes });
}

/** Seconds left of a wait, ticking down to 0 once a second; `start(n)` begins a new wait. */
export function useCountdown(initialSeconds = 0): [number, (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const waiting = secondsLeft > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting, endsAt]);
  const start = useCallback((seconds: number) => {
    setEndsAt(Date.now() + seconds * 1000);
    setNow(Date.now());
  }, []);
  return [secondsLeft, start];
}
