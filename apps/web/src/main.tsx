import './lib/zod-no-eval.ts';
// antd's component styles, built ahead (theme.zeroRuntime in app/providers.tsx): no style is generated while rendering.
import 'antd/dist/antd.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.ts';
import { loadSiteConfig } from './lib/api/get-site-config.ts';
import { initialLanguage, loadInitialLanguage } from './i18n/index.ts';
import { prefetchRouteCalls, preloadRouteChunks } from './app/preload.ts';

/** Lets the browser run between start-up steps: a phone's first seconds stay short tasks, not one long one. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Start the site configuration request before React renders: the first route waits for it. The route's calls
// (layout and page) at once too, in the language the page will show (the calls carry it): before the route's code
// is run below, which on a phone is a task of its own.
void loadSiteConfig();
prefetchRouteCalls(router, location.pathname, location.search, initialLanguage());
await yieldToBrowser();
// The page's own code: otherwise its chunks are asked for only after the site configuration has come.
preloadRouteChunks(router, location.pathname);
await loadInitialLanguage();
await yieldToBrowser();

// In a transition: the first render (theme, router) yields to the browser every few milliseconds.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
