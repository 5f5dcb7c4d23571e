import { Component, type ErrorInfo, type ReactNode } from 'react';
import { withTranslation, type WithTranslation } from 'react-i18next';
import { reportError } from './report';
import { Fallback } from '../components/Fallback';

interface Props extends WithTranslation {
  children: ReactNode;
}

/** Catches render errors, logs them and shows a friendly fallback with reload. */
class Boundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    const { t } = this.props;
    if (!this.state.failed) return this.props.children;
    return <Fallback title={t('app.crashed')} hint={t('app.crashedHint')} action={t('app.reload')} onAction={() => window.location.reload()} />;
  }
}

export const ErrorBoundary = withTranslation()(Boundary);
