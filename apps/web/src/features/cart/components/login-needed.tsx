import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useCartText } from '../text.ts';

/** What the cart and wishlist show without a session (SPEC §2.6, §2.7). */
export function LoginNeeded({ text }: { text: string }) {
  const navigate = useNavigate();
  const t = useCartText();
  return (
    <div className="py-4 text-center">
      <p className="text-lg font-semibold text-slate-900">{t('loginNeeded.title')}</p>
      <p className="mt-1 text-slate-600">{text}</p>
      <div className="mt-5 flex justify-center gap-3">
        <Button variant="secondary" onClick={() => navigate('/')}>
          {t('loginNeeded.close')}
        </Button>
        <Button onClick={() => navigate('/login')}>{t('loginNeeded.logIn')}</Button>
      </div>
    </div>
  );
}
