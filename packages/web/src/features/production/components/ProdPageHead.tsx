import type { ReactElement, ReactNode } from 'react';
import { PageHead } from '../../../ui/PageParts';

/** Page heading with the page's file actions and its add button (large targets for the barn tablet). */
export function ProdPageHead(props: {
  title: ReactNode;
  subtitle: ReactNode;
  actions?: ReactNode;
  addLabel?: ReactNode;
  onAdd?: () => void;
}): ReactElement {
  return <PageHead {...props} toolbarClassName="fs-prod-toolbar" />;
}
