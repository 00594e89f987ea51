import { describe, expect, it } from 'vitest';
import { isTicketRoute, prefixRedirect, resolveLocation, resolveSiteCode } from './site.ts';

describe('site location', () => {
  it('takes the variant from the first path segment, "tickets" meaning none', () => {
    expect(resolveLocation('/')).toMatchObject({
      pathVariant: null,
      variant: 'borderless',
      isTicketsPrefix: false,
      basePath: '/',
    });
    expect(resolveLocation('/tickets/')).toMatchObject({ pathVariant: null, variant: 'borderless', isTicketsPrefix: true });
    expect(resolveLocation('/demo/')).toMatchObject({
      pathVariant: 'demo',
      variant: 'demo',
      isTicketsPrefix: false,
      basePath: '/demo/',
    });
    expect(resolveLocation('/demo/tickets/')).toMatchObject({
      variant: 'demo',
      isTicketsPrefix: true,
      ticketsPath: '/demo/tickets/',
    });
  });

  it('takes the site code from <body>, else the stored one, else the variant', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as unknown as Storage;
    const location = resolveLocation('/demo/');
    expect(resolveSiteCode(location, { dataset: {} }, fake)).toBe('demo');
    expect(resolveSiteCode(location, { dataset: { siteCode: 'demo-site' } }, fake)).toBe('demo-site');
    expect(resolveSiteCode(location, { dataset: {} }, fake)).toBe('demo-site');
  });

  it('sends ticket routes under the tickets prefix and others out of it, keeping the hash', () => {
    expect(isTicketRoute('/id/abc')).toBe(true);
    expect(isTicketRoute('/tickets/changedate/abc')).toBe(true);
    expect(isTicketRoute('/order')).toBe(false);
    expect(prefixRedirect(resolveLocation('/demo/'), '/id/abc', '#/id/abc')).toBe('/demo/tickets/#/id/abc');
    expect(prefixRedirect(resolveLocation('/demo/tickets/'), '/order', '#/order?ref=c')).toBe('/demo/#/order?ref=c');
    expect(prefixRedirect(resolveLocation('/tickets/'), '/privacy', '#/privacy')).toBe('/#/privacy');
    expect(prefixRedirect(resolveLocation('/'), '/id/x/receipt', '#/id/x/receipt')).toBe('/tickets/#/id/x/receipt');
    expect(prefixRedirect(resolveLocation('/demo/tickets/'), '/id/abc', '#/id/abc')).toBeNull();
    expect(prefixRedirect(resolveLocation('/demo/'), '/', '#/')).toBeNull();
  });
});
