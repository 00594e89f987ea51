/**
 * Path routes under `/console` (the server answers every such path with the app's page). Public
 * screens stand alone; enrolment needs a session that must enrol; everything else sits in the
 * console's layout behind the signed-in guard.
 */
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import type { ConsoleRoute } from '../lib/routes.ts';
import { EnrolmentGuard, SignedInGuard } from './guards.tsx';
import { ConsoleLayout } from './layout.tsx';
import { NotFoundScreen } from './not-found.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RouteError } from './route-error.tsx';
import { CONSOLE_ROUTES } from './route-table.ts';

function screenRoute(route: ConsoleRoute): RouteObject {
  return {
    path: route.path,
    lazy: async () => {
      const { default: Component } = await route.load();
      return { Component };
    },
  };
}

const routesFor = (access: ConsoleRoute['access']) => CONSOLE_ROUTES.filter((route) => route.access === access).map(screenRoute);

function consoleRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      HydrateFallback: () => null,
      children: [
        { element: <PublicLayout />, children: routesFor('public') },
        { element: <EnrolmentGuard />, children: [{ element: <PublicLayout />, children: routesFor('enrolment') }] },
        {
          element: <SignedInGuard />,
          children: [
            {
              element: <ConsoleLayout />,
              errorElement: <RouteError />,
              children: [...routesFor('signed-in'), { path: '*', element: <NotFoundScreen /> }],
            },
          ],
        },
      ],
    },
  ];
}

const CONSOLE_BASENAME = '/console';

/** A browser router under `/console`; with `initialEntries`, a memory router (tests), under `basename` when given. */
export function createConsoleRouter(options: { initialEntries?: string[]; basename?: string } = {}) {
  if (options.initialEntries) {
    return createMemoryRouter(consoleRoutes(), {
      initialEntries: options.initialEntries,
      ...(options.basename ? { basename: options.basename } : {}),
    });
  }
  return createBrowserRouter(consoleRoutes(), { basename: CONSOLE_BASENAME });
}
export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;
