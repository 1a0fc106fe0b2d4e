import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, formatDate } from '@modula/shared';
import { FormAlert } from '../components/form-alert';
import { useMessageText } from '../components/message-text';
import { useBusy } from '../hooks/use-busy';
import { enrollTotp, listTotpFactors, toast, unenrollFactor, type TotpEnrollment, type TotpFactor } from '../services/api';
import { genericMessage, type Message } from '../errors/auth-errors';
import { TotpStep } from '../pages/totp-step';
import { Actions, Section } from './section';

const FRIENDLY_NAME = 'Modula authenticator';

const Setup = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(4)};
  ol { margin: 0; padding-inline-start: 1.3em; display: grid; gap: 6px; }
  img { inline-size: 200px; block-size: 200px; background: #fff; padding: 8px; border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md}; }
  code { display: inline-block; padding: 6px 10px; font-size: 15px; letter-spacing: 0.08em; overflow-wrap: anywhere;
    background: ${({ theme }) => theme.colors.background}; border-radius: ${({ theme }) => theme.radii.sm}; }
`;
const Status = styled.p<{ $on: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space(4)}; font-weight: 600;
  color: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.muted)};
`;

type View = { kind: 'loading' } | { kind: 'ready'; factor: TotpFactor | null } | { kind: 'enrolling'; enrollment: TotpEnrollment } | { kind: 'failed' };

async function currentView(): Promise<View> {
  try {
    const factors = await listTotpFactors();
    return { kind: 'ready', factor: factors.find((f) => f.status === 'verified') ?? null };
  } catch (failure) {
    console.warn('Could not list the two-factor factors', failure);
    return { kind: 'failed' };
  }
}

/** Two-factor authentication with an authenticator app: enroll with a QR code, verify, remove. */
export function TwoFactorSection() {
  const { t } = useTranslation('auth');
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [error, setError] = useState<Message | null>(null);

  const load = useCallback(async () => setView(await currentView()), []);

  useEffect(() => {
    let cancelled = false;
    void currentView().then((next) => {
      if (!cancelled) setView(next);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const start = () =>
    run(async () => {
      setError(null);
      try {
        // An abandoned set-up leaves an unverified factor behind; it would block a new one of the same name.
        for (const factor of await listTotpFactors()) if (factor.status !== 'verified') await unenrollFactor(factor.id);
        setView({ kind: 'enrolling', enrollment: await enrollTotp(FRIENDLY_NAME) });
      } catch (failure) {
        console.warn('Two-factor enrolment failed', failure);
        setError(genericMessage(failure, '/auth/v1/factors'));
      }
    });

  const cancel = (factorId: string) =>
    run(async () => {
      try {
        await unenrollFactor(factorId);
      } catch (failure) {
        console.warn('Could not discard the unfinished factor', failure);
      }
      await load();
    });

  const remove = (factorId: string) =>
    run(async () => {
      setError(null);
      try {
        await unenrollFactor(factorId);
        setConfirmRemove(false);
        toast({ title: t('settings.twoFactor.removed'), variant: 'success' });
        await load();
      } catch (failure) {
        console.warn('Turning two-factor off failed', failure);
        setError(genericMessage(failure, '/auth/v1/factors'));
      }
    });

  const verified = async () => {
    toast({ title: t('settings.twoFactor.enabled'), variant: 'success' });
    await load();
  };

  return (
    <Section id="two-factor" title={t('settings.twoFactor.title')} intro={t('settings.twoFactor.intro')}>
      {error ? <FormAlert>{messageText(error)}</FormAlert> : null}
      {view.kind === 'loading' ? <p role="status">{t('common.loading')}</p> : null}
      {view.kind === 'failed' ? (
        <FormAlert>
          {t('settings.twoFactor.loadFailed')}{' '}
          <Button $variant="ghost" $size="sm" onClick={() => void load()}>
            {t('common.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {view.kind === 'ready' && view.factor ? (
        <>
          <Status $on>{t('settings.twoFactor.on', { date: formatDate(view.factor.created_at) })}</Status>
          {confirmRemove ? (
            <FormAlert tone="info" title={t('settings.twoFactor.confirmRemove')}>
              <Actions>
                <Button $variant="danger" onClick={() => void remove(view.factor!.id)} aria-disabled={busy || undefined}>
                  {t('settings.twoFactor.remove')}
                </Button>
                <Button $variant="ghost" onClick={() => setConfirmRemove(false)}>
                  {t('common.cancel')}
                </Button>
              </Actions>
            </FormAlert>
          ) : (
            <Button $variant="secondary" onClick={() => setConfirmRemove(true)}>
              {t('settings.twoFactor.remove')}
            </Button>
          )}
        </>
      ) : null}
      {view.kind === 'ready' && !view.factor ? (
        <>
          <Status $on={false}>{t('settings.twoFactor.off')}</Status>
          <Button onClick={() => void start()} aria-disabled={busy || undefined}>
            {busy ? t('common.loading') : t('settings.twoFactor.setUp')}
          </Button>
        </>
      ) : null}
      {view.kind === 'enrolling' ? (
        <Setup>
          <ol>
            <li>{t('settings.twoFactor.step1')}</li>
            <li>{t('settings.twoFactor.step2')}</li>
            <li>{t('settings.twoFactor.step3')}</li>
          </ol>
          <img src={view.enrollment.qrCode} alt={t('settings.twoFactor.qrAlt')} width={200} height={200} />
          <p>
            {t('settings.twoFactor.manual')} <code>{view.enrollment.secret}</code>
          </p>
          <TotpStep factorId={view.enrollment.factorId} onVerified={() => void verified()} submitLabel={t('settings.twoFactor.activate')} compact />
          <Actions>
            <Button $variant="ghost" onClick={() => void cancel(view.enrollment.factorId)}>
              {t('common.cancel')}
            </Button>
          </Actions>
        </Setup>
      ) : null}
    </Section>
  );
}
