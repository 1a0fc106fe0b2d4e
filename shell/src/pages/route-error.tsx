import { useRouteError } from '@modula/router';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, PageContainer } from '@modula/shared';

const Panel = styled.section`
  max-inline-size: 600px; margin: ${({ theme }) => theme.space(16)} auto; text-align: center;
  h1 { font-size: clamp(24px, 4vw, 32px); margin: 0 0 ${({ theme }) => theme.space(3)}; }
  p { color: ${({ theme }) => theme.colors.muted}; margin: 0 0 ${({ theme }) => theme.space(6)}; }
`;

/** The router-level fallback: a shell route itself crashed (remote crashes stay inside their slots). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  console.warn('Route error', error);
  return (
    <PageContainer>
      <Panel role="alert">
        <h1>{t('routeError.title', 'Unexpected Application Error')}</h1>
        <p>{t('routeError.body', 'Something broke while showing this page. Reloading usually fixes it.')}</p>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload', 'Reload page')}</Button>
      </Panel>
    </PageContainer>
  );
}
