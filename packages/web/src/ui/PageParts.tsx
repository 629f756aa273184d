import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The heading of a page: title (labels the page section), subtitle, the page's own toolbar actions
 * and its add button (left out when there is nothing to add to, e.g. no farm yet).
 */
export interface PageHeadProps {
  title: ReactNode;
  subtitle?: ReactNode;
  addLabel?: ReactNode;
  onAdd?: () => void;
  /** The add button stays in place but cannot be used (e.g. no farm chosen). */
  addDisabled?: boolean;
  actions?: ReactNode;
  toolbarClassName?: string;
}

export function PageHead({ title, subtitle, addLabel, onAdd, addDisabled, actions, toolbarClassName }: PageHeadProps): ReactElement {
  return (
    <div className="fs-page-head">
      <div>
        <h3 id="page-title" className="fs-heading fs-page-head__title">
          {title}
        </h3>
        {subtitle && <span className="fs-muted">{subtitle}</span>}
      </div>
      {(actions || onAdd) && (
        <div className={toolbarClassName ? `fs-toolbar ${toolbarClassName}` : 'fs-toolbar'}>
          {actions}
          {onAdd && (
            <Button type="primary" size="large" icon={<PlusOutlined />} disabled={addDisabled} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The frame of a console page: a section named by its head's title, the head (PageHead's props or
 * the page's own head), the page's body in a panel, and after the panel what stands outside it
 * (dialogs and drawers, further panels).
 */
export function PageFrame({
  head,
  className = 'fs-admin-page',
  children,
  after,
}: {
  head: PageHeadProps | ReactElement;
  className?: string;
  /** What the panel holds: the filter bar and the list, chart or form under it. */
  children: ReactNode;
  after?: ReactNode;
}): ReactElement {
  return (
    <section className={className} aria-labelledby="page-title">
      {isValidElement(head) ? head : <PageHead {...head} />}
      <div className="fs-panel">{children}</div>
      {after}
    </section>
  );
}

/** Reset and search buttons of a filter bar. */
export function FilterActions({ onReset, onSearch }: { onReset: () => void; onSearch: () => void }): ReactElement {
  const { t } = useTranslation('common');
  return (
    <>
      <Button icon={<UndoOutlined />} onClick={onReset}>
        {t('reset')}
      </Button>
      <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
        {t('search')}
      </Button>
    </>
  );
}

/** What a refresh button reloads: a query, or several at once (allQueries). */
export interface Refetchable {
  isFetching: boolean;
  refetch: () => unknown;
}

/** The queries of a page as one: loading while any loads, reloaded together. */
export function allQueries(queries: readonly Refetchable[]): Refetchable {
  return { isFetching: queries.some((q) => q.isFetching), refetch: () => queries.forEach((q) => void q.refetch()) };
}

/** Loads a list or a report again ("Refresh" unless the page words it), busy while it loads. */
export function RefreshButton({
  query,
  primary = false,
  disabled,
  label,
}: {
  query: Refetchable;
  primary?: boolean;
  disabled?: boolean;
  label?: string;
}): ReactElement {
  const { t } = useTranslation('common');
  return (
    <Button
      type={primary ? 'primary' : undefined}
      icon={<ReloadOutlined />}
      loading={query.isFetching}
      disabled={disabled}
      onClick={() => void query.refetch()}
    >
      {label ?? t('refresh')}
    </Button>
  );
}
