import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The server serves the build under /console/ (path routes, see consolePageRoutes).
  base: '/console/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // The server's Content-Security-Policy allows style elements with the page's nonce only.
  html: { cspNonce: PAGE_NONCE_PLACEHOLDER },
  server: {
    port: 5174,
    // `npm run dev` runs the API on 3000; the dev server forwards the console's API calls to it.
    proxy: { '/console/api/': 'http://127.0.0.1:3000' },
  },
});
