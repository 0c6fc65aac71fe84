import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = process.env.DUKA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    // No inline scripts or styles: the server's Content-Security-Policy allows only 'self'.
    assetsInlineLimit: 0,
    sourcemap: true,
    // scripts/first-load-size.mjs reads it to measure what each page loads first.
    manifest: true,
    // The server bundle needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
  },
  // The server-rendering bundle carries its dependencies, so a copy of it runs anywhere.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': api, '/images': api, '/uploads': api },
  },
}));
