/**
 * Console weight benchmark (issue 11 item 10): the gzipped JavaScript a browser downloads on a
 * first visit (cold cache) to the sign-in route and to every page of the console, measured from
 * the built assets. The module graph comes from Vite's manifest (packages/web/dist/.vite/
 * manifest.json): a route costs the entry chunk and its static imports, the lazy chunks the route
 * renders (console routes: the antd areas chunk with session gate and shell, the top-bar widgets
 * features register, and the page) with
 * their static imports, and the language files it waits for before the first paint (antd and
 * dayjs locale, one i18next catalogue file per namespace; login: BOOT_NAMESPACES, a page:
 * SHELL_NAMESPACES and its feature's TEXTS, features/<m>/texts.ts).
 * Each chunk is counted once per route. Dynamic imports inside the shell and the pages are not
 * counted: by convention they are what a user opens later (dialogs, exports), never what a screen
 * needs to render first; a lazy piece that renders at once must be listed here like the shell. Sizes are gzip level 9 of the files on disk, which is what the
 * server sends (the build writes .gz and .br next to every asset); brotli is printed beside it.
 * The worst of the five locales is reported.
 *
 * Run: npm run bench -- web   (builds the console first unless BENCH_WEB_NO_BUILD=1).
 * Budgets: login 200 KB, any other route 500 KB; the exit code is non-zero over budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LOCALES } from '../packages/shared/src/constants.js';
import { BOOT_NAMESPACES, SHELL_NAMESPACES } from '../packages/web/src/app/i18n/namespaces.js';

const LOGIN_BUDGET_KB = 200;
const ROUTE_BUDGET_KB = 500;
const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, Chunk>;

if (process.env.BENCH_WEB_NO_BUILD !== '1') {
  const r = spawnSync('npm', ['run', 'build', '-w', '@farmsense/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('web build failed');
}
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) throw new Error(`no ${manifestFile}: build the console first (npm run build)`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

const sizes = new Map<string, { gz: number; br: number }>();
function size(file: string): { gz: number; br: number } {
  let s = sizes.get(file);
  if (!s) {
    const body = readFileSync(path.join(dist, file));
    s = {
      gz: gzipSync(body, { level: 9 }).length,
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, s);
  }
  return s;
}

/** Language files: counted per locale, never through another chunk's dynamic imports. */
const CATALOGUE = /\/i18n\/([a-z-]+)\/([a-z0-9-]+)\.json$/;
const ANTD_LOCALE = /antd\/(?:es|lib)\/locale\/([a-z]{2}_[A-Z]{2})\.js$/;
const DAYJS_LOCALE = /dayjs\/(?:esm\/)?locale\/([a-z-]+)\.js$/;
const ANTD_OF = { 'zh-cn': 'zh_CN', 'en-us': 'en_US', vi: 'vi_VN', th: 'th_TH', ru: 'ru_RU' } as const;
const DAYJS_OF = { 'zh-cn': 'zh-cn', 'en-us': 'en', vi: 'vi', th: 'th', ru: 'ru' } as const;

/** The chunk keys a browser fetches for `start`: the chunks and their static imports. */
function closure(start: string[], into = new Set<string>()): Set<string> {
  const stack = [...start];
  while (stack.length) {
    const key = stack.pop()!;
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    into.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return into;
}

const byLocale = (re: RegExp, wanted: string): string[] => Object.keys(manifest).filter((k) => re.exec(k)?.[1] === wanted);
function languageFiles(locale: (typeof LOCALES)[number], namespaces: readonly string[]): string[] {
  const catalogues = Object.keys(manifest).filter((k) => {
    const m = CATALOGUE.exec(k);
    return m && m[1] === locale && namespaces.includes(m[2]!);
  });
  return [...catalogues, ...byLocale(ANTD_LOCALE, ANTD_OF[locale]), ...byLocale(DAYJS_LOCALE, DAYJS_OF[locale])];
}

function keyOf(src: string): string {
  const key = Object.keys(manifest).find((k) => k === src || manifest[k]!.src === src);
  if (!key) throw new Error(`${src} is not a chunk of its own in the manifest (is it still lazy?)`);
  return key;
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entry) throw new Error('manifest has no entry');
/**
 * The console's pages are the dynamic imports of the features' routes.ts (their PAGES); the
 * top-bar widgets there (TOP_BAR, `topBarWidget(...)`) render with the shell on every console
 * page of an account holding their code, so they count with the shell, with the texts they load
 * (their feature's TEXTS, or the list of texts.ts they name, e.g. the alarm bell's BELL_TEXTS).
 */
const featureDir = path.join(web, 'src/features');
const features = readdirSync(featureDir).filter((f) => existsSync(path.join(featureDir, f, 'routes.ts')));
const resolveSource = (base: string): string => {
  const found = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(path.join(web, f)));
  if (!found) throw new Error(`cannot resolve ${base}`);
  return found;
};
const routeFiles = features.map((f) => ({ feature: f, text: readFileSync(path.join(featureDir, f, 'routes.ts'), 'utf8') }));
const widgets = routeFiles.flatMap(({ feature, text }) =>
  [...text.matchAll(/topBarWidget\(\s*'[^']+',\s*(\w+),\s*\(\) => import\('\.\/([^']+)'\)/g)].map((m) => ({
    feature,
    /** The texts.ts export the widget loads its namespaces by (the feature's TEXTS, or a list of its own). */
    texts: m[1]!,
    src: resolveSource(`src/features/${feature}/${m[2]!}`),
  })),
);
const pageSources = [
  ...new Set(
    routeFiles.flatMap(({ feature, text }) =>
      [...text.matchAll(/import\('\.\/([^']+)'\)/g)].map((m) => resolveSource(`src/features/${feature}/${m[1]!}`)),
    ),
  ),
].filter((src) => !widgets.some((w) => w.src === src));
const LOGIN = ['src/app/auth/LoginPage.tsx'];
const SHELL = ['src/app/routes/antdAreas.tsx'];
const lazyKeys = (srcs: string[]): string[] => srcs.filter((s) => Object.values(manifest).some((c) => c.src === s)).map(keyOf);

interface Figure {
  route: string;
  gz: number;
  br: number;
  files: number;
  /** The route's JavaScript files with their gzipped KB, heaviest first. */
  parts: [string, number][];
}
function measure(route: string, chunks: Set<string>): Figure {
  let gz = 0;
  let br = 0;
  let files = 0;
  const parts: [string, number][] = [];
  for (const key of chunks) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    const s = size(file);
    gz += s.gz;
    br += s.br;
    files++;
    parts.push([manifest[key]!.src ?? key, s.gz / 1024]);
  }
  parts.sort((a, b) => b[1] - a[1]);
  return { route, gz: gz / 1024, br: br / 1024, files, parts };
}
function worstLocale(route: string, base: Set<string>, namespaces: readonly string[]): Figure {
  const each = LOCALES.map((l) => measure(route, new Set([...base, ...languageFiles(l, namespaces)])));
  return each.reduce((a, b) => (b.gz > a.gz ? b : a));
}

/** Each feature's catalogue namespaces (`TEXTS` of features/<m>/texts.ts), and every list texts.ts exports. */
const FEATURE_NAMESPACES: Record<string, readonly string[]> = {};
const TEXT_LISTS: Record<string, Record<string, readonly string[]>> = {};
for (const f of readdirSync(featureDir)) {
  const file = path.join(featureDir, f, 'texts.ts');
  if (!existsSync(file)) continue;
  TEXT_LISTS[f] = (await import(pathToFileURL(file).href)) as Record<string, readonly string[]>;
  FEATURE_NAMESPACES[f] = TEXT_LISTS[f]!.TEXTS!;
}
const widgetNamespaces = widgets.flatMap((w) => TEXT_LISTS[w.feature]?.[w.texts] ?? FEATURE_NAMESPACES[w.feature] ?? []);

const core = closure([entry]);
const login = worstLocale('login', closure(lazyKeys(LOGIN), new Set(core)), BOOT_NAMESPACES);
const shell = closure([...lazyKeys(SHELL), ...widgets.map((w) => keyOf(w.src))], new Set(core));
const routes = pageSources.map((src) => {
  const feature = /^src\/features\/([^/]+)\//.exec(src)?.[1] ?? '';
  const namespaces = [...new Set([...SHELL_NAMESPACES, ...(FEATURE_NAMESPACES[feature] ?? []), ...widgetNamespaces])];
  return worstLocale(src.replace(/^src\/features\//, '').replace(/\.tsx?$/, ''), closure([keyOf(src)], new Set(shell)), namespaces);
});
routes.sort((a, b) => b.gz - a.gz);

const kb = (n: number): string => n.toFixed(1);
console.log(`web: ${Object.keys(manifest).length} chunks in the manifest, ${pageSources.length} page modules`);
console.log('web: route                                   gzip KB  brotli KB  files');
for (const f of [login, ...routes])
  console.log(`web: ${f.route.padEnd(40)} ${kb(f.gz).padStart(7)} ${kb(f.br).padStart(10)} ${String(f.files).padStart(6)}`);
const heaviest = routes[0]!;
const top = heaviest.parts
  .slice(0, Number(process.env.BENCH_WEB_TOP ?? 8))
  .map(([name, k]) => `${name.replace(/^_/, '').replace(/-[\w-]{8}\.js$/, '')} ${kb(k)}`);
console.log(`web: heaviest route's largest files (gzip KB): ${top.join(', ')}`);
const overRoutes = routes.filter((r) => r.gz > ROUTE_BUDGET_KB);
if (overRoutes.length) console.log(`web: over the ${ROUTE_BUDGET_KB} KB budget: ${overRoutes.map((r) => r.route).join(', ')}`);
if (login.gz > LOGIN_BUDGET_KB || overRoutes.length) process.exitCode = 1;
console.log(
  `web: heaviest route (${heaviest.route}) ${kb(heaviest.gz)} KB gzipped JS (budget=${ROUTE_BUDGET_KB} KB, ratio=${(heaviest.gz / ROUTE_BUDGET_KB).toFixed(2)})`,
);
console.log(`web: ${kb(login.gz)} KB (login-budget=${LOGIN_BUDGET_KB} KB, ratio=${(login.gz / LOGIN_BUDGET_KB).toFixed(2)})`);
