import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

const Panel = styled.div`
  margin: 24px auto; max-inline-size: 560px; padding: 24px; text-align: center;
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 { margin: 0 0 8px; font-size: 20px; }
  p { margin: 0 0 16px; color: ${({ theme }) => theme.colors.muted}; }
  div { display: flex; gap: 12px; justify-content: center; flex-wrap: wrap; }
`;

export interface ErrorFallbackProps {
  /** Shown under the heading; the heading is always "Something went wrong". */
  detail?: string;
  onRetry: () => void;
}

/** The spec's error fallback: "Something went wrong" with Try Again and Refresh Page. */
export function ErrorFallback({ detail, onRetry }: ErrorFallbackProps) {
  const { t } = useTranslation('common');
  return (
    <Panel role="alert">
      <h2>{t('error.title', 'Something went wrong')}</h2>
      <p>{detail ?? t('error.body', 'This part of the page could not be shown. The rest of the page still works.')}</p>
      <div>
        <Button onClick={onRetry}>{t('error.tryAgain', 'Try Again')}</Button>
        <Button $variant="secondary" onClick={() => window.location.reload()}>
          {t('error.refresh', 'Refresh Page')}
        </Button>
      </div>
    </Panel>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onError?: (error: Error) => void;
}

interface BoundaryState {
  error: Error | null;
  attempt: number;
}

/** Catches render errors of one remote so the header, footer and other remotes keep working. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('A section of the page crashed', error, info.componentStack);
    this.props.onError?.(error);
  }

  private retry = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  override render() {
    if (this.state.error) return <ErrorFallback onRetry={this.retry} />;
    return <div key={this.state.attempt} style={{ display: 'contents' }}>{this.props.children}</div>;
  }
}
