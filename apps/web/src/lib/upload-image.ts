// The back office's image upload (POST /api/uploads), shared by the product editors and the
// home page's slides.
import { api } from './api-client.ts';

/** Uploads one image; the server checks, re-encodes and keeps it, and answers where it lives. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { secure_url } = await api<{ secure_url: string }>('/uploads', {
    method: 'POST',
    body: form,
  });
  return secure_url;
}
