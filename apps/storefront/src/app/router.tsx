import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject, useParams, useSearchParams } from 'react-router';
import NotFoundPage from '../features/not-found/not-found-page.tsx';
import type { RouteEntry, ScreenProps } from '../lib/routes.ts';
import { withChunkTimeout } from './chunk-load.ts';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { routesFor } from './route-table.ts';

function screenRoute(entry: RouteEntry): RouteObject {
  return {
    path: entry.path,
    lazy: async () => {
      const { default: Screen } = await withChunkTimeout(entry.load());
      return { Component: withRouteProps(Screen, entry) };
    },
  };
}

/** Hands the route params and named queries to the screen as props. */
function withRouteProps(Screen: ComponentType<ScreenProps>, entry: RouteEntry) {
  return function RoutedScreen() {
    const params = useParams();
    const [query] = useSearchParams();
    return <Screen {...(entry.toProps?.(params, query) ?? {})} />;
  };
}

export function createAppRouter(options: { isStartMailConfirmOnly: boolean }) {
  return createHashRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      // The first screen's code loads before the first paint; the page shows nothing meanwhile.
      HydrateFallback: () => null,
      children: [
        {
          errorElement: <RouteError />,
          children: [...routesFor(options.isStartMailConfirmOnly).map(screenRoute), { path: '*', element: <NotFoundPage /> }],
        },
      ],
    },
  ]);
}
