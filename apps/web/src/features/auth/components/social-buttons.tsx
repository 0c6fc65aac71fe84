import { useState } from 'react';
import { useAuthText } from '../text.ts';

/** The Google and Facebook buttons of SPEC §2.8–2.9. They sign nobody in, and say so. */
export function SocialButtons() {
  const t = useAuthText();
  const [note, setNote] = useState('');
  const button =
    'flex flex-1 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50';
  const notYet = (provider: string) => setNote(t('social.notYet', { provider }));
  return (
    <div>
      <div className="flex gap-3">
        <button type="button" className={button} onClick={() => notYet('Google')}>
          <span aria-hidden="true" className="font-bold text-blue-600">
            G
          </span>{' '}
          Google
        </button>
        <button type="button" className={button} onClick={() => notYet('Facebook')}>
          <span aria-hidden="true" className="font-bold text-blue-700">
            f
          </span>{' '}
          Facebook
        </button>
      </div>
      {note && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {note}
        </p>
      )}
    </div>
  );
}
