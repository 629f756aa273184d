import { sql } from 'drizzle-orm';
import { APP_CATALOGUE, LOCALES, PRODUCT_VERSION, type AppNode } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import type { Db } from './client.js';
import { applicationInfo, params } from './tables.js';

/**
 * Permissions are data: the catalogue of @farmsense/shared is written to application_info at every
 * start (insert new codes, update order and flags), so ids are stable across restarts and processes.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const rows: (typeof applicationInfo.$inferInsert)[] = [];
  const walk = (nodes: AppNode[], parent: string | null): void => {
    for (const n of nodes) {
      rows.push({
        code: n.code,
        parentCode: parent,
        funType: n.funType,
        scope: n.scope,
        seqNo: n.seqNo,
        path: n.path ?? null,
        isIndex: n.index,
      });
      walk(n.children, n.code);
    }
  };
  walk(APP_CATALOGUE, null);
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(applicationInfo)
      .values(rows.slice(i, i + 200))
      .onConflictDoUpdate({
        target: applicationInfo.code,
        set: {
          parentCode: sql`excluded.parent_code`,
          funType: sql`excluded.fun_type`,
          scope: sql`excluded.scope`,
          seqNo: sql`excluded.seq_no`,
          path: sql`excluded.path`,
          isIndex: sql`excluded.is_index`,
        },
      });
  }
  // Language options (SPEC §3): paramCode = locale, paramValue = product title, paramOther = version.
  await db
    .insert(params)
    .values(
      LOCALES.map((l, i) => ({
        paramGroupCode: 'LOGO',
        paramCode: l,
        paramValue: translate(l, 'common.productTitle'),
        paramOther: PRODUCT_VERSION,
        seqNo: i,
      })),
    )
    .onConflictDoUpdate({
      target: [params.paramGroupCode, params.paramCode],
      set: { paramValue: sql`excluded.param_value`, paramOther: sql`excluded.param_other` },
    });
}
