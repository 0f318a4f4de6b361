import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, so that Vite bundles it into the config (Node cannot load the workspace's .ts through node_modules).
import { defaultSiteConfig } from '../../packages/contracts/src/site.ts';
import { routePreloads } from './scripts/route-preloads.ts';
import { antdZeroRuntime } from './scripts/antd-zero-runtime.ts';
import { antdStylesheet } from './scripts/antd-stylesheet.ts';
import { antdTableFilters } from './scripts/antd-table-filters.ts';
import { antdLayoutReads } from './scripts/antd-layout-reads.ts';
import { antdTablistRole } from './scripts/antd-tablist-role.ts';
import { antdNarrowImports } from './scripts/antd-narrow-imports.ts';
import { firstScreenChunks } from './scripts/first-screen-chunks.ts';
import { stylesheetsFirstPlugin } from './scripts/stylesheets-first.ts';

const api = 'http://localhost:8080';
// Everything the server answers; the console's own routes (/sign-in, /sign-up, ...) stay with Vite.
const proxied = ['/v1', '/dm-serv', '/captcha', '/login', '/signup', '/forgot_password', '/changePwd', '/verify_token', '/sec', '/frontConf', '/siteConfig', '/dev', '/docs', '/payment-callbacks'];

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text asset of the build, at the strongest levels: the
 * server sends the copy the browser accepts (@fastify/static preCompressed) without compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'cc-precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = path.join(options.dir ?? 'dist', 'assets');
      const files = (await readdir(dir)).filter((f) => /\.(?:js|css|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const body = await readFile(path.join(dir, f));
          if (body.length < 1024) return;
          const br = await promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
          const gz = await promisify(gzip)(body, { level: 9 });
          await writeFile(path.join(dir, `${f}.br`), br);
          await writeFile(path.join(dir, `${f}.gz`), gz);
        }),
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    antdZeroRuntime(),
    antdTableFilters(),
    antdLayoutReads(),
    antdTablistRole(),
    antdNarrowImports(),
    antdStylesheet(),
    precompress(),
    routePreloads(),
    stylesheetsFirstPlugin(),
    // The screens most visits open first: sign-in, then the dashboard, the order screen and the orders list.
    firstScreenChunks(['/sign-in', '/dashboard', '/ssl/certificates', '/orders/list']),
  ],
  // The contract's defaults as data: importing the module at run time would ship zod to the first page.
  define: { __DEFAULT_SITE_CONFIG__: JSON.stringify(defaultSiteConfig) },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((p) => [
        p,
        {
          target: api,
          changeOrigin: false,
          // /sec-validation is both a page (GET, HTML) and a call (POST); /signup likewise.
          bypass: (req: { method?: string; headers: { accept?: string } }) =>
            req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // Contract schemas are declared at module level (`const x = z.object(...)`); building one has no effect
        // outside the schema, so a page that uses one helper of a contract module need not build all its schemas.
        manualPureFunctions: ['z'],
        // antd's rc-components declare no `sideEffects`, so a whole package (e.g. @rc-component/form with its
        // validator) rides along with one small import (Input's form context). They are pure modules: let
        // unused ones go. Stylesheets keep their side effects.
        moduleSideEffects: (id: string) => (/node_modules[\\/](@rc-component|@ant-design)[\\/]/.test(id) && !id.endsWith('.css') ? false : undefined),
      },
      output: {
        codeSplitting: {
          // Above the groups firstScreenChunks adds (priorities up to the number of screens and areas sharing a module).
          groups: [
            // Libraries every page needs, cached apart from the app code that changes more often.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 1030 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/, priority: 1025 },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1020 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 1020 },
          ],
        },
      },
    },
  },
});
