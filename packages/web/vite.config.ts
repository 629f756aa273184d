import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, at the highest levels (the
 * server serves them as they are: @fastify/static preCompressed, no compression per request).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'farmsense-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * antd's Result imports its three status pictures (404, 403, 500: about 33 KB of SVG as code)
 * whatever status it shows, so every page would carry them for its warning and error states.
 * This swaps each for a stand-in that loads the real picture when a Result with that status
 * renders (the not-found page), and shows nothing until then.
 */
function lazyResultPictures(): Plugin {
  const PREFIX = '\0farmsense-result-picture:';
  return {
    name: 'farmsense-lazy-result-pictures',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/antd[\\/]es[\\/]result[\\/]index\.js$/.test(importer)) return null;
      const m = /^\.\/(noFound|serverError|unauthorized)(?:\.js)?$/.exec(source);
      return m ? PREFIX + path.join(path.dirname(importer), `${m[1]}.js`) : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = JSON.stringify(id.slice(PREFIX.length));
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Picture = lazy(() => import(${file}));`,
        'export default function LazyPicture() { return createElement(Suspense, { fallback: null }, createElement(Picture)); }',
      ].join('\n');
    },
  };
}

/**
 * The console is served by the API server from dist/ in production; in development Vite proxies
 * /api to a server on :8080 (set API_TARGET to point elsewhere, e.g. a server on another port).
 * Chunks follow the module graph: the sign-in page gets only the antd components it renders, and
 * each page, language file and chart library loads when a route needs it (bench/web.bench.ts
 * measures it against the budgets). The manifest feeds that benchmark.
 */
export default defineConfig({
  plugins: [react(), lazyResultPictures(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React changes less often than the console: its own chunk stays cached across releases.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
