import { useMemo, type ReactElement } from 'react';
import { Tree } from 'antd';
import { APP_CATALOGUE, codesForModules, type AppNode } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';

/**
 * The functions an API access code may call: the application codes the tenant's modules open
 * (the same rule the server applies, from the shared catalogue), as the menu tree with its labels.
 * Checking a group checks its entries; the value is the fully checked codes.
 */
export interface FunctionNode {
  key: string;
  title: string;
  children: FunctionNode[];
}

export function functionTree(modules: readonly string[], nodes: AppNode[] = APP_CATALOGUE): FunctionNode[] {
  const open = codesForModules(modules);
  const walk = (list: AppNode[]): FunctionNode[] =>
    list.filter((n) => open.has(n.code)).map((n) => ({ key: n.code, title: menuLabel(n.code), children: walk(n.children) }));
  return walk(nodes);
}

/** Every code of a tree, to drop saved codes the tenant's modules no longer open. */
export function treeCodes(tree: FunctionNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: FunctionNode[]): void => list.forEach((n) => (out.add(n.key), walk(n.children)));
  walk(tree);
  return out;
}

export function FunctionTree({
  modules,
  value,
  onChange,
  id,
}: {
  modules: readonly string[];
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
}): ReactElement {
  const tree = useMemo(() => functionTree(modules), [modules]);
  return (
    <div className="fs-function-tree" id={id}>
      <Tree
        checkable
        selectable={false}
        treeData={tree}
        checkedKeys={value ?? []}
        onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(String))}
        height={260}
        blockNode
      />
    </div>
  );
}
