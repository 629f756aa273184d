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
 * Swaps an import inside antd for a stand-in component that loads the real module when it first
 * renders, for pieces most screens never render but antd imports whatever the props:
 * - Result's three status pictures (404, 403, 500: about 33 KB of SVG as code), imported whatever
 *   status it shows, so every page would carry them for its warning and error states (only the
 *   not-found page renders one); nothing shows until the picture loads;
 * - Table's column filter dropdown (with its search Input, Tree and rc-tree about 15 KB gzipped),
 *   which renders only for a column with `filters` (the console's tables have none); until it
 *   loads, the column shows its title. `flattenKeys`, the one helper Table takes from that file,
 *   is antd's own 8 lines restated here.
 * Each rule: the importer (a file of antd/es), the import it swaps, the real file it loads, and
 * what the stand-in adds.
 */
interface StandIn {
  importer: RegExp;
  source: RegExp;
  file: (dir: string, m: RegExpExecArray) => string;
  /** Renders the element's children while the real component loads (else nothing). */
  childrenMeanwhile?: boolean;
  /** Further exports of the swapped file, as source. */
  extra?: string;
}
const LAZY_STAND_INS: StandIn[] = [
  {
    importer: /antd[\\/]es[\\/]result[\\/]index\.js$/,
    source: /^\.\/(noFound|serverError|unauthorized)(?:\.js)?$/,
    file: (dir, m) => path.join(dir, `${m[1]}.js`),
  },
  {
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: /^\.\/FilterDropdown$/,
    file: (dir) => path.join(dir, 'FilterDropdown.js'),
    childrenMeanwhile: true,
    extra: [
      'export function flattenKeys(filters) {',
      '  let keys = [];',
      '  (filters || []).forEach(({ value, children }) => {',
      '    keys.push(value);',
      '    if (children) keys = [...keys, ...flattenKeys(children)];',
      '  });',
      '  return keys;',
      '}',
    ].join('\n'),
  },
];

function lazyStandIns(): Plugin {
  const PREFIX = '\0farmsense-lazy-stand-in:';
  const ruleOf = new Map<string, StandIn>();
  return {
    name: 'farmsense-lazy-stand-ins',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      for (const rule of LAZY_STAND_INS) {
        if (!rule.importer.test(importer)) continue;
        const m = rule.source.exec(source);
        if (!m) continue;
        const file = rule.file(path.dirname(importer), m);
        ruleOf.set(file, rule);
        return PREFIX + file;
      }
      return null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      const rule = ruleOf.get(file);
      const fallback = rule?.childrenMeanwhile ? 'props.children ?? null' : 'null';
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Real = lazy(() => import(${JSON.stringify(file)}));`,
        `export default function LazyStandIn(props) { return createElement(Suspense, { fallback: ${fallback} }, createElement(Real, props)); }`,
        rule?.extra ?? '',
      ].join('\n');
    },
  };
}

/**
 * Imports inside antd narrowed from a package index to the files that hold what is imported. An
 * index whose modules run statements at load (classes with statics, `Form.Field = Field`) keeps
 * all of them in the bundle whatever is used, so:
 * - Table's row selection takes four helpers from rc-tree's index, which also holds the Tree
 *   component: a table does not carry a tree it never renders;
 * - Form's context (which every overlay imports through ContextIsolator: dropdown, tooltip, the
 *   shell's menus) takes FormProvider from rc-form's index, which also holds Form, Field, List
 *   and the async validator (about 13 KB gzipped), and the radio group (a table's pagination and
 *   row selection) takes a one-line name helper from Form's useForm, which imports that index:
 *   only pages with a form carry them.
 * A rule whose import is no longer in its file fails the build, so an antd update cannot
 * silently undo it.
 */
interface NarrowImport {
  file: RegExp;
  from: string;
  to: string;
}
const NARROW_IMPORTS: NarrowImport[] = [
  {
    file: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    from: "import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '@rc-component/tree';",
    to: [
      "import { arrAdd, arrDel } from '@rc-component/tree/es/util';",
      "import { conductCheck } from '@rc-component/tree/es/utils/conductUtil';",
      "import { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';",
    ].join('\n'),
  },
  {
    file: /antd[\\/]es[\\/]form[\\/]context\.js$/,
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
  {
    file: /antd[\\/]es[\\/]radio[\\/]group\.js$/,
    from: "import { toNamePathStr } from '../form/hooks/useForm';",
    to: "import { toArray } from '../form/util';\nconst toNamePathStr = (name) => toArray(name).join('_');",
  },
];

function narrowImports(): Plugin {
  return {
    name: 'farmsense-narrow-imports',
    apply: 'build',
    transform(code, id) {
      const rule = NARROW_IMPORTS.find((r) => r.file.test(id));
      if (!rule) return null;
      if (!code.includes(rule.from)) throw new Error(`${id}: the import changed; update NARROW_IMPORTS`);
      return { code: code.replace(rule.from, rule.to), map: null };
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
  plugins: [react(), lazyStandIns(), narrowImports(), precompress()],
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
