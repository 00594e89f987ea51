import { readFileSync } from 'node:fs';
import { DEFAULT_VARIANT } from '@storefront/domain/constants';
import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The first view's guard (first-view-guard.js) as a hashed asset, named by a classic script at the
 * top of <head>: it must run before the first paint, which a module script never does, and its
 * request goes out first, before the app's modules take the browser's connections.
 */
function firstViewGuard(): Plugin {
  const name = 'first-view-guard.js';
  return {
    name: 'first-view-guard',
    apply: 'build',
    buildStart() {
      const source = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
        .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
        .replace('__DEFAULT_VARIANT__', JSON.stringify(DEFAULT_VARIANT));
      this.emitFile({ type: 'asset', name, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find((file) => file.type === 'asset' && file.names.includes(name));
        if (!asset) throw new Error(`${name} was not emitted`);
        return [{ tag: 'script', attrs: { src: `/${asset.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), firstViewGuard()],
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
