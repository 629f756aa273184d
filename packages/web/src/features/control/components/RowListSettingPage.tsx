import type { Key, ReactElement, ReactNode } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import type { AppCode, SettingApplyBody, SettingGroup } from '@farmsense/shared';
import { RowListEditor, type RowColumn } from './RowListEditor';
import { SettingGroupPage } from './SettingGroupPage';

/**
 * A settings group kept as a list of rows (heaters, fan stages, pumps, openings, lighting points):
 * the page (`app`), the group (its texts are the `<group>` section: subtitle, apply, list, …), the
 * form's name, the shared rules and the starter of a house without settings; the editor's list
 * field (`list`, also the payload's field), its rows' test ids, columns, most rows and new row.
 */
export interface RowListGroup<P, R> {
  page: { app: AppCode; group: SettingGroup; formName: string; schema: ZodType<P>; starter: P };
  editor: { list: string; rowId: string; columns: readonly RowColumn[]; max: number; newRow: (rows: readonly Partial<R>[]) => R };
  /** A row's key in the acknowledged list. */
  rowKey: (row: R) => Key;
}

/**
 * The page of a row-list settings group: the row editor inside the settings frame (SettingGroupPage:
 * house, apply with a code, versions, restore), and what the controller acknowledged as a list of
 * `rowText` lines.
 */
export function RowListSettingPage<P extends object, R>({
  spec: { page, editor, rowKey },
  rowText,
}: {
  spec: RowListGroup<P, R>;
  rowText: (row: R, index: number) => ReactNode;
}): ReactElement {
  const { t } = useTranslation('control');
  const [form] = Form.useForm<P>();
  const { group, formName, ...frame } = page;
  const rowsOf = (value: P): readonly R[] => (value as Record<string, readonly R[]>)[editor.list] ?? [];
  return (
    <SettingGroupPage<P>
      {...frame}
      group={group}
      subtitle={t(`${group}.subtitle`)}
      applyLabel={t(`${group}.apply`)}
      form={form}
      formName={formName}
      editor={<RowListEditor<R> {...editor} texts={group} schema={page.schema} />}
      reported={(value) =>
        value ? (
          <ul aria-label={t('curve.reported')}>
            {rowsOf(value).map((row, i) => (
              <li key={rowKey(row)}>{rowText(row, i)}</li>
            ))}
          </ul>
        ) : (
          <p>{t('versions.none')}</p>
        )
      }
      // The group and its payload belong together (the spec's schema); the union type cannot see it.
      body={(payload, shedIds, code) => ({ group, shedIds, payload, ...code }) as SettingApplyBody}
    />
  );
}
