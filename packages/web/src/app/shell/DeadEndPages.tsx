import type { ReactElement } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A page the console cannot show, with a way back to the start page (`texts`: the shell's title, text and back keys). */
function DeadEndPage({
  status,
  texts,
  className,
  testId,
}: {
  status: '403' | '404';
  texts: 'noPermission' | 'notFound';
  className: string;
  testId?: string;
}): ReactElement {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className={className} data-testid={testId}>
      <Result
        status={status}
        title={t(`${texts}.title`)}
        subTitle={t(`${texts}.text`)}
        extra={
          <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
            {t(`${texts}.back`)}
          </Button>
        }
      />
    </div>
  );
}

/** A page of the console the account's roles do not grant (in either farm mode). */
export function NoPermissionPage(): ReactElement {
  return <DeadEndPage status="403" texts="noPermission" className="fs-center" testId="no-permission" />;
}

/** An address the console does not know. */
export function NotFoundPage(): ReactElement {
  return <DeadEndPage status="404" texts="notFound" className="fs-center fs-center--full" />;
}
