import type { ConsoleRoute } from '../../lib/routes.ts';

export const teamsRoutes: readonly ConsoleRoute[] = [
  { path: '/teams', screen: 'teams', access: 'signed-in', load: () => import('./teams-page.tsx') },
  { path: '/teams/new', screen: 'new-team', access: 'signed-in', load: () => import('./team-page.tsx') },
  { path: '/teams/:id', screen: 'team', access: 'signed-in', load: () => import('./team-page.tsx') },
];
