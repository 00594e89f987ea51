// The baseline of `npm run bench:bundle`: a bare React 19 + React Router page with one lazy route.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';

const router = createHashRouter([{ path: '/', lazy: () => import('./page.tsx').then((m) => ({ Component: m.default })) }]);
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
