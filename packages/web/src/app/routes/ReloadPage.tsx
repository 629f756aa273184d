import { useEffect, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageSpin } from '../../ui/PageSpin';

/**
 * /layout/reload: clicking the menu entry of the page already open passes through here so the
 * page unmounts and mounts again with fresh state and data.
 */
export function ReloadPage(): ReactElement {
  const navigate = useNavigate();
  const location = useLocation();
  const to = (location.state as { to?: string } | null)?.to ?? '/';
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return <PageSpin />;
}
