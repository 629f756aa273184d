import { Suspense, type ReactElement } from 'react';
import { useHeldPath } from '../auth/sessionContext';
import type { TopBarWidget } from '../routes/pages';
import { TOP_BAR_WIDGETS } from '../routes/registry';

function Held({ widget }: { widget: TopBarWidget }): ReactElement | null {
  const path = useHeldPath(widget.code);
  if (path === null) return null;
  const Part = widget.part;
  return (
    <Suspense fallback={null}>
      <Part path={path} />
    </Suspense>
  );
}

/** The parts features add to the top bar (registry.ts), each shown when the account holds its page. */
export function TopBarWidgets(): ReactElement {
  return (
    <>
      {TOP_BAR_WIDGETS.map((w) => (
        <Held key={w.code} widget={w} />
      ))}
    </>
  );
}
