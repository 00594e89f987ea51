/**
 * The storefront build marks where its page takes a nonce with this text (Vite `html.cspNonce`);
 * the server puts a fresh nonce in its place on every page it serves, the same one its
 * Content-Security-Policy names.
 */
export const PAGE_NONCE_PLACEHOLDER = 'storefront-page-nonce';
