import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The gate's colour: the bar of an installed scanner and its splash screen. */
const THEME_COLOUR = '#0b3d2e';

export default defineConfig({
  // The server serves the build under /gate/ (gatePageRoutes): its page, assets/, and the service
  // worker, Workbox runtime, manifest and icons at the top, looked at again on every visit.
  base: '/gate/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  // The server's Content-Security-Policy allows style elements with the page's nonce only.
  html: { cspNonce: PAGE_NONCE_PLACEHOLDER },
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // Registered from main.tsx: the page's policy allows no inline script.
      injectRegister: false,
      scope: '/gate/',
      base: '/gate/',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icon-192.png', 'icon-512.png'],
      manifest: {
        id: '/gate/',
        name: 'Gate',
        short_name: 'Gate',
        description: 'Ticket scanner for the gate',
        start_url: '/gate/',
        scope: '/gate/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOUR,
        background_color: '#101418',
        icons: [
          { src: '/gate/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/gate/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/gate/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Everything the scanner needs with the network off, the QR reader's WebAssembly included.
        globPatterns: ['**/*.{js,css,html,wasm,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/gate/index.html',
        navigateFallbackAllowlist: [/^\/gate\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // The API is never cached: a scan's answer is the server's or the device's own.
        runtimeCaching: [],
      },
    }),
  ],
  server: {
    port: 5175,
    // `npm run dev` runs the API on 3000; the dev server forwards the scanner's API calls to it.
    proxy: { '/console/api/': 'http://127.0.0.1:3000' },
  },
});
