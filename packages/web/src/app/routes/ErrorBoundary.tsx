import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { i18n } from '../i18n/i18n';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/**
 * Keeps a crashing page from taking the shell down. The shell keys it by path, so moving to
 * another page starts clean; "try again" re-mounts the same page (e.g. after a failed chunk load).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[page] render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const t = i18n.getFixedT(null, 'shell');
    return (
      <Result
        status="error"
        title={t('pageError.title')}
        subTitle={t('pageError.text')}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
}
