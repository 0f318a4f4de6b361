import './lib/zod-no-eval.ts';
// antd's component styles, built ahead (theme.zeroRuntime in app/providers.tsx): no style is generated while rendering.
import 'antd/dist/antd.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.ts';
import { loadSiteConfig } from './lib/api/get-site-config.ts';
import { loadInitialLanguage } from './i18n/index.ts';
import { prefetchRouteCalls, preloadRouteChunks } from './app/preload.ts';

// Start the site configuration request before React renders: the first route waits for it.
void loadSiteConfig();
// The page's own code too: otherwise its chunks are asked for only after the site configuration has come.
preloadRouteChunks(router, location.pathname);
await loadInitialLanguage();
// In the language the answers are asked in (the calls carry it).
prefetchRouteCalls(router, location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
