import { Component, type ErrorInfo, type ReactNode } from 'react';
import { withTranslation, type WithTranslation } from 'react-i18next';
import { isChunkLoadError, reportError } from './report';
import { Fallback } from '../components/Fallback';

interface Props extends WithTranslation {
  children: ReactNode;
}

/** Catches render errors, logs them and shows a friendly fallback with reload. */
class Boundary extends Component<Props, { failed: boolean; chunk: boolean }> {
  override state = { failed: false, chunk: false };

  static getDerivedStateFromError(error: unknown): { failed: boolean; chunk: boolean } {
    // ChunkLoadError / CSS_CHUNK_LOAD_FAILED: a lazy part of the app failed to load; a reload recovers
    return { failed: true, chunk: isChunkLoadError(error) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    const { t } = this.props;
    if (!this.state.failed) return this.props.children;
    if (this.state.chunk)
      return <Fallback title={t('shell.chunkFailed')} hint={t('shell.chunkFailedHint')} action={t('app.reload')} onAction={() => window.location.reload()} />;
    return <Fallback title={t('app.crashed')} hint={t('app.crashedHint')} action={t('app.reload')} onAction={() => window.location.reload()} />;
  }
}

export const ErrorBoundary = withTranslation()(Boundary);
