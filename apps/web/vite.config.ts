import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { preactAliases } from './preact-aliases.ts';

const linguiConfig = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const api = process.env.DUKA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // `npm start` builds before it serves: warnings and errors only, no table of chunk sizes.
  logLevel: 'warn',
  resolve: { alias: preactAliases },
  plugins: [
    // JSX only: React's fast refresh cannot drive Preact, so an edit reloads the page in development.
    react({ refreshExclude: /./ }),
    // The message catalogues, compiled as they are imported (lingui.config.ts); a message missing
    // from a catalogue fails the build rather than showing a key.
    lingui({ configPath: linguiConfig, failOnCompileError: true }),
    tailwindcss(),
    // Installable, and usable offline (ADR 010): the manifest, and a Workbox service worker that
    // keeps the shop's code and images once seen, the pages already opened, and an offline page.
    !isSsrBuild &&
      VitePWA({
        registerType: 'autoUpdate',
        // Registered by main.tsx once the page has loaded: no script of its own in <head>.
        injectRegister: false,
        manifest: {
          name: 'Duka: shop online in Kenya',
          short_name: 'Duka',
          description: 'Consumer goods delivered across Kenya, priced in Kenyan shillings.',
          lang: 'en-KE',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#047857',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            {
              src: '/icons/icon-maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        workbox: {
          // Only the offline page and icons up front: a first visit on mobile data must not pay
          // for every chunk of the back office.
          globPatterns: ['offline.{html,css}', 'favicon.svg', 'icons/*.png'],
          navigateFallback: null,
          runtimeCaching: [
            {
              // Pages come from the network (prices change); offline, the last copy or the
              // offline page.
              urlPattern: ({ request }) => request.mode === 'navigate',
              handler: 'NetworkFirst',
              options: {
                cacheName: 'pages',
                expiration: { maxEntries: 50 },
                precacheFallback: { fallbackURL: '/offline.html' },
              },
            },
            {
              // Hashed file names never change content.
              urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
              handler: 'CacheFirst',
              options: { cacheName: 'assets', expiration: { maxEntries: 200 } },
            },
            {
              urlPattern: ({ url }) => /^\/(images|uploads)\//.test(url.pathname),
              handler: 'CacheFirst',
              options: {
                cacheName: 'images',
                expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
              },
            },
          ],
        },
      }),
  ],
  build: {
    // No inline scripts or styles: the server's Content-Security-Policy allows only 'self'.
    assetsInlineLimit: 0,
    sourcemap: true,
    // scripts/first-load-size.mjs reads it to measure what each page loads first.
    manifest: true,
    // The server bundle needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
    reportCompressedSize: false,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Tailwind's plugin gives no source map for the stylesheet unless CSS maps are on in
        // development (`css.devSourcemap`), and turning them on moves the same warning to Vite's
        // own CSS plugin; a build writes no CSS map either way, so nothing is lost.
        if (
          warning.code === 'SOURCEMAP_BROKEN' &&
          warning.plugin === '@tailwindcss/vite:generate:build'
        ) {
          return;
        }
        warn(warning);
      },
    },
  },
  // The server-rendering bundle carries its dependencies, so a copy of it runs anywhere, and it
  // is React's production build whatever NODE_ENV the server runs with (as the browser's is).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: { '/api': api, '/images': api, '/uploads': api },
  },
}));
