/**
 * The shape of a route of SPEC §2: each feature lists its own (`features/<x>/<x>-routes.ts`), and
 * the app's route table is those lists put together.
 */
import type { ComponentType } from 'react';

export type RouteParams = Readonly<Record<string, string | undefined>>;
export type ScreenProps = Record<string, string | boolean | null>;
export type ScreenModule = { default: ComponentType<ScreenProps> };

export type RouteEntry = {
  path: string;
  /** The screen's name, as its page marks itself (`data-screen`). */
  screen: string;
  /** The screen's code, loaded when the route is first visited. */
  load: () => Promise<ScreenModule>;
  toProps?: (params: RouteParams, query: URLSearchParams) => ScreenProps;
  /** Only when the site is not in start-mail-confirm-only mode. */
  unlessMailConfirmOnly?: boolean;
};

/** `ref=c`: the visitor came back from the confirm page to change the order. */
export const isChange = (query: URLSearchParams) => query.get('ref') === 'c';
/** `time_change=true`: a payment return or error of a date change. */
export const isDateChange = (query: URLSearchParams) => query.get('time_change') === 'true';
export const param = (params: RouteParams, name: string) => params[name] ?? null;
export const reservationProps = (params: RouteParams) => ({ reservationToken: param(params, 'reservationToken') });
