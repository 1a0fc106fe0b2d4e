import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, PageContainer, SHARED_VERSION, type RegistryEntry } from '@modula/shared';
import { getLoadedRegistry } from '../start-up/registry-state';
import { useRemoteStates, type RemoteLoadState } from '../federation/remote-status';
import { loadRemoteApp } from '../federation/load-remote-app';
import { expectedContract, SHELL_EXPECTATIONS } from '../federation/contract-check';

const Head = styled.div`
  h1 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: clamp(26px, 4vw, 34px); }
  p { margin: 0 0 ${({ theme }) => theme.space(5)}; color: ${({ theme }) => theme.colors.muted}; }
  .bar { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(3)}; align-items: center; justify-content: space-between;
    margin-block-end: ${({ theme }) => theme.space(4)}; }
`;
const Scroll = styled.div`
  overflow-x: auto; background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  table { inline-size: 100%; border-collapse: collapse; font-size: 14px; }
  caption { text-align: start; padding: 12px 16px; font-weight: 700; }
  th, td { text-align: start; padding: 12px 16px; border-block-start: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  th[scope='col'] { background: ${({ theme }) => theme.colors.background}; white-space: nowrap; }
  code { font-size: 13px; overflow-wrap: anywhere; }
`;
const State = styled.span<{ $tone: 'ok' | 'bad' | 'idle' }>`
  display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: 600;
  background: ${({ theme, $tone }) => ($tone === 'ok' ? theme.colors.successSoft : $tone === 'bad' ? theme.colors.dangerSoft : theme.colors.background)};
  color: ${({ theme, $tone }) => ($tone === 'ok' ? theme.colors.success : $tone === 'bad' ? theme.colors.danger : theme.colors.muted)};
`;
const Problem = styled.p`
  padding: 12px 16px; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger}; white-space: pre-wrap;
`;

function StateCell({ state }: { state: RemoteLoadState }) {
  const { t } = useTranslation('shell-pages');
  switch (state.state) {
    case 'loaded':
      return <State $tone="ok">{t('status.loaded')}</State>;
    case 'failed':
      return <State $tone="bad">{t('status.failed', { reason: state.reason })}</State>;
    case 'loading':
      return <State $tone="idle">{t('status.loading')}</State>;
    default:
      return <State $tone="idle">{t('status.notLoaded')}</State>;
  }
}

/** /deployment-status: the shell and every registry entry, with the version deployed and its load state here. */
export function DeploymentStatusPage() {
  const { t, i18n } = useTranslation('shell-pages');
  const { registry, error } = getLoadedRegistry();
  const states = useRemoteStates();
  const unknown = t('status.unknown');
  const when = (iso: string) => formatDate(iso, i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const loadAll = () => {
    for (const entry of registry.remotes) {
      if ((states[entry.name]?.state ?? 'not-loaded') === 'not-loaded') loadRemoteApp(entry).catch(() => undefined);
    }
  };
  const row = (entry: RegistryEntry) => {
    const state = states[entry.name] ?? { state: 'not-loaded' as const };
    const meta = state.state === 'loaded' ? state.meta : null;
    const expected = expectedContract(entry.name);
    return (
      <tr key={entry.name}>
        <th scope="row">{entry.name}</th>
        <td><code>{entry.version}</code></td>
        <td><code>{meta?.sha ?? unknown}</code></td>
        <td>{meta ? when(meta.builtAt) : unknown}</td>
        <td><code>{entry.manifest}</code></td>
        <td>
          <code>{entry.contract}</code>
          {expected ? <div>{t('status.expects', { version: expected })}</div> : null}
        </td>
        <td><code>{entry.shared ?? unknown}</code></td>
        <td><StateCell state={state} /></td>
      </tr>
    );
  };
  return (
    <PageContainer>
      <Head>
        <h1>{t('status.title')}</h1>
        <p>{t('status.lead')}</p>
        <div className="bar">
          <span>{t('status.registryCount', { count: registry.remotes.length })}</span>
          <Button $variant="secondary" onClick={loadAll}>
            {t('status.checkAll')}
          </Button>
        </div>
      </Head>
      {error ? <Problem role="alert">{t('status.registryError', { reason: error })}</Problem> : null}
      <Scroll>
        <table>
          <caption>{t('status.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('status.application')}</th>
              <th scope="col">{t('status.version')}</th>
              <th scope="col">{t('status.sha')}</th>
              <th scope="col">{t('status.builtAt')}</th>
              <th scope="col">{t('status.manifest')}</th>
              <th scope="col">{t('status.contract')}</th>
              <th scope="col">{t('status.shared')}</th>
              <th scope="col">{t('status.state')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('status.shell')}</th>
              <td><code>{__MODULA_BUILD__.version}</code></td>
              <td><code>{__MODULA_BUILD__.sha}</code></td>
              <td>{when(__MODULA_BUILD__.builtAt)}</td>
              <td><code>/index.html</code></td>
              <td><code>{Object.entries(SHELL_EXPECTATIONS.contracts).map(([name, version]) => `${name} ${version}`).join(', ')}</code></td>
              <td><code>{SHARED_VERSION}</code></td>
              <td><State $tone="ok">{t('status.loaded')}</State></td>
            </tr>
            {registry.remotes.map(row)}
          </tbody>
        </table>
      </Scroll>
    </PageContainer>
  );
}
