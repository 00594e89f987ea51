import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    // `npm run dev` runs the API on 3000; the dev server forwards every site's API calls to it.
    proxy: { '^/[^/]+/api/': 'http://127.0.0.1:3000' },
  },
});
