import type { ReactElement } from 'react';
import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { AuditOutcome } from '@farmsense/shared';
import { errorMessage, hasKey, menuLabel, tk } from '../../../app/i18n/i18n';

/**
 * How log entries read: the module a call belongs to in the user's words (a menu group when the
 * server logs one, otherwise the service area named in `oplog.modules`, otherwise its raw name),
 * the outcome as a coloured tag, and a code with its translated message (errors.<code>).
 */
export function moduleLabel(module: string | null): string {
  if (!module) return '—';
  if (hasKey(`oplog.modules.${module}`)) return tk(`oplog.modules.${module}`);
  const menu = menuLabel(module);
  return menu !== module ? menu : module;
}

/** The menu entry a page-visit entry names (its detail holds the application code). */
export function visitedPage(detail: unknown): string {
  const code = detail && typeof detail === 'object' && 'modeCode' in detail ? String(detail.modeCode) : '';
  return code ? menuLabel(code) : '—';
}

/** Sign-in entries carry the action `login`; other entries the route they called. */
export function actionLabel(action: string): string {
  return hasKey(`oplog.actions.${action}`) ? tk(`oplog.actions.${action}`) : action;
}

const OUTCOME_STYLE: Record<AuditOutcome, { color: string; icon: ReactElement }> = {
  ok: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'warning', icon: <CloseCircleOutlined /> },
  denied: { color: 'error', icon: <StopOutlined /> },
};

export function outcomeLabel(outcome: AuditOutcome): string {
  return tk(`oplog.outcome.${outcome}`);
}

export function OutcomeTag({ outcome }: { outcome: AuditOutcome }): ReactElement {
  const style = OUTCOME_STYLE[outcome] ?? OUTCOME_STYLE.failed;
  return (
    <Tag color={style.color} icon={style.icon} data-testid="oplog-outcome" data-outcome={outcome}>
      {outcomeLabel(outcome)}
    </Tag>
  );
}

export function CodeCell({ code }: { code: number | null }): ReactElement {
  if (code === null) return <span className="fs-muted">—</span>;
  const text = errorMessage(code);
  return (
    <Tooltip title={text}>
      <span className="fs-code-cell">
        <code className="fs-code-cell__code">{code}</code>
        <span className="fs-code-cell__text">{text}</span>
      </span>
    </Tooltip>
  );
}

/** The entry's detail as indented JSON (read-only). */
export function DetailJson({ detail }: { detail: unknown }): ReactElement {
  return (
    <pre className="fs-json" data-testid="oplog-detail">
      {JSON.stringify(detail, null, 2)}
    </pre>
  );
}
