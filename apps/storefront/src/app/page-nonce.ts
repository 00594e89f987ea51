/**
 * The server's Content-Security-Policy allows style elements carrying the page's nonce only. The
 * dialog's scroll lock (react-remove-scroll, under Radix) writes one and takes its nonce from
 * `__webpack_nonce__`, so the page's nonce goes there before any dialog opens.
 */
export function sharePageNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) (window as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
