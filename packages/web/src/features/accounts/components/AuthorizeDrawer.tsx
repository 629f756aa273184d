import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Drawer, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { ApartmentOutlined, AppstoreOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { columnLabel, renderLabel, shedLabel, type AccountRowWithScope, type HierarchyFarm } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { enumLabel, translateKnown } from '../../../ui/enumLabel';
import { useScreenBand } from '../../../ui/useScreenBand';
import { useHierarchy } from '../api';
import { useAuthorizeAccount } from '../hooks/useAccountMutations';
import { checkedKeysOf, extentOf, farmKey, grantsOf, penKey, shedKey } from './authTree';
import { DrawerFooter } from '../../../ui/DrawerFooter';

function treeData(farms: HierarchyFarm[]): DataNode[] {
  return farms.map((f) => ({
    key: farmKey(f.farmId),
    title: (
      <span className="fs-authz-node fs-authz-node--farm">
        <ApartmentOutlined aria-hidden /> {f.farmName} <Tag bordered={false}>{enumLabel('farmType', f.type)}</Tag>
      </span>
    ),
    children: f.sheds.map((s) => ({
      key: shedKey(s.tid),
      title: (
        <span className="fs-authz-node">
          <HomeOutlined aria-hidden /> {s.shedName} <span className="fs-muted">{renderLabel(shedLabel(s), translateKnown)}</span>
        </span>
      ),
      children: s.pens.map((p) => {
        const place = renderLabel(columnLabel(p.fieldColumn, p.field), translateKnown);
        return {
          key: penKey(p.id),
          isLeaf: true,
          title: (
            <span className="fs-authz-node">
              <AppstoreOutlined aria-hidden /> {p.name ? `${p.name} (${place})` : place}
            </span>
          ),
        };
      }),
    })),
  }));
}

function AuthorizeTree({
  account,
  farms,
  onClose,
}: {
  account: AccountRowWithScope;
  farms: HierarchyFarm[];
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['accounts', 'common']);
  const data = useMemo(() => treeData(farms), [farms]);
  const [checked, setChecked] = useState<string[]>(() => checkedKeysOf(farms, account.authorization));
  const [expanded, setExpanded] = useState<string[]>(() => farms.map((f) => farmKey(f.farmId)));
  const save = useAuthorizeAccount();
  const grants = useMemo(() => grantsOf(farms, checked), [farms, checked]);
  const extent = useMemo(() => extentOf(farms, grants), [farms, grants]);
  const allKeys = useMemo(() => farms.map((f) => farmKey(f.farmId)), [farms]);

  const submit = async (): Promise<void> => {
    try {
      await save.mutateAsync({ accountId: account.id, farms: grants });
      toast.success(t('common:savedSuccessfully'));
      onClose();
    } catch {
      // The API client has shown the reason.
    }
  };

  return (
    <div className="fs-authz">
      <Alert type="info" showIcon className="fs-dialog-note" title={t('authorize.hint')} />
      <Space wrap className="fs-authz__tools">
        <Button onClick={() => setChecked(allKeys)}>{t('authorize.all')}</Button>
        <Button onClick={() => setChecked([])}>{t('authorize.none')}</Button>
        <Button onClick={() => setExpanded(farms.flatMap((f) => [farmKey(f.farmId), ...f.sheds.map((s) => shedKey(s.tid))]))}>
          {t('authorize.expandAll')}
        </Button>
      </Space>
      <div className="fs-authz-tree" aria-label={t('authorize.treeLabel')} role="group">
        <Tree
          checkable
          selectable={false}
          blockNode
          treeData={data}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      </div>
      <section className="fs-authz__summary" aria-label={t('authorize.summary')} data-testid="authorize-summary">
        <Typography.Text strong>{t('authorize.summary')}</Typography.Text>
        {extent.length === 0 ? (
          <div className="fs-muted">{t('authorize.nothing')}</div>
        ) : (
          <ul>
            {extent.map((e) => (
              <li key={e.farmId}>
                <span>{e.farmName}</span>{' '}
                {e.whole ? (
                  <Tag color="green">{t('authorize.wholeFarm')}</Tag>
                ) : (
                  <Tag color="gold">
                    {e.pens > 0 ? t('authorize.partPens', { count: e.sheds, pens: e.pens }) : t('authorize.partSheds', { count: e.sheds })}
                  </Tag>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <DrawerFooter onCancel={onClose} onSave={() => void submit()} busy={save.isPending} />
    </div>
  );
}

/**
 * "Authorize": which farms, sheds and pens an account may see (farmAndShedAuthorization), on the
 * tree of everything the signed-in administrator sees (qdslHierarchicalQuery).
 */
export function AuthorizeDrawer({ account, onClose }: { account: AccountRowWithScope | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation(['accounts', 'common']);
  const band = useScreenBand();
  const tree = useHierarchy(account !== null);
  let body: ReactElement | null = null;
  if (account) {
    if (tree.isPending) body = <LoadingBlock rows={2} />;
    else if (tree.isError) body = <ErrorBlock title={t('authorize.loadFailed')} onRetry={() => void tree.refetch()} />;
    else if (tree.data.length === 0) body = <EmptyBlock title={t('authorize.noFarms')} hint={t('authorize.noFarmsHint')} />;
    else body = <AuthorizeTree key={account.id} account={account} farms={tree.data} onClose={onClose} />;
  }
  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      title={account ? t('authorize.title', { name: account.accountName }) : ''}
      size={band === 'small' ? '100%' : 560}
      destroyOnHidden
      closable={{ 'aria-label': t('common:close') }}
      className="fs-authz-drawer"
    >
      {body}
    </Drawer>
  );
}
