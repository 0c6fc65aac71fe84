import { useLocation, useNavigate } from 'react-router';

/** Back to where the shopper came from, or home when the page was opened directly. */
export function useLeave(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key === 'default' ? navigate('/') : navigate(-1));
}
