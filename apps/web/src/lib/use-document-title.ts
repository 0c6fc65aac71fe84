import { useEffect } from 'react';
import { useServerTitle } from './server-response.ts';

export function documentTitle(title: string): string {
  return title ? `${title} | Duka` : 'Duka | Shop online in Kenya';
}

export function useDocumentTitle(title: string): void {
  useServerTitle(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
