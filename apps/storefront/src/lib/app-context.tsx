import type { Configuration, Language } from '@storefront/domain/api/catalogue';
import type { LanguageCode } from '@storefront/domain/constants';
import { createContext, useContext } from 'react';
import type { ApiClient } from './api/client.ts';
import type { SessionStore } from './session/session-store.ts';
import type { SiteLocation } from './site.ts';

/** What every screen may need about the venue and the visit; made once at start. */
export type AppEnvironment = {
  location: SiteLocation;
  siteCode: string;
  config: Configuration;
  languages: Language[];
  lang: LanguageCode;
  api: ApiClient;
  session: SessionStore;
  /** Development mode (the Vite dev server): the navigation rules are off. */
  isDevelopment: boolean;
  /** The page came with the server's static first view, which the first render replaces. */
  startsFromFirstView?: boolean;
};

export const AppContext = createContext<AppEnvironment | null>(null);

export function useApp(): AppEnvironment {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp outside the app');
  return app;
}
