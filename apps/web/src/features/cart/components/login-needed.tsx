import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

/** What the cart and wishlist show without a session (SPEC §2.6, §2.7). */
export function LoginNeeded({ text }: { text: string }) {
  const navigate = useNavigate();
  return (
    <div className="py-4 text-center">
      <p className="text-lg font-semibold text-slate-900">You need to log in</p>
      <p className="mt-1 text-slate-600">{text}</p>
      <div className="mt-5 flex justify-center gap-3">
        <Button variant="secondary" onClick={() => navigate('/')}>
          Close
        </Button>
        <Button onClick={() => navigate('/login')}>Log In</Button>
      </div>
    </div>
  );
}
