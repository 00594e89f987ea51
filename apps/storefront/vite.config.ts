import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: '/',
  // The manifest tells the server which files the order route needs (its page preloads them).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  // The server's Content-Security-Policy allows style elements with the page's nonce only.
  html: { cspNonce: PAGE_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    // `npm run dev` runs the API on 3000; the dev server forwards every site's API calls to it.
    proxy: { '^/[^/]+/api/': 'http://127.0.0.1:3000' },
  },
});
