import type { BackendModule, ReadCallback } from 'i18next';

type Tree = { [key: string]: string | Tree };

/**
 * Every `<locale>/<namespace>.json` of packages/shared/src/i18n as its own lazy chunk: a browser
 * fetches only the language it shows, and only the namespaces the current screen needs. A new
 * namespace is a new file per locale, nothing to register here.
 */
const FILES = import.meta.glob<Tree>('../../../../shared/src/i18n/*/*.json', { import: 'default' });

const LOADERS = new Map<string, () => Promise<Tree>>();
for (const [file, load] of Object.entries(FILES)) {
  const m = /\/i18n\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (m) LOADERS.set(`${m[1]}/${m[2]}`, load);
}

/** All namespaces the catalogue has (same in every locale; shared's i18n test checks it). */
export const ALL_NAMESPACES: readonly string[] = [...new Set([...LOADERS.keys()].map((k) => k.split('/')[1]!))].sort();

/** An i18next backend reading the catalogue chunks above. */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback): void {
    const load = LOADERS.get(`${language}/${namespace}`);
    if (!load) {
      callback(new Error(`no catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};
