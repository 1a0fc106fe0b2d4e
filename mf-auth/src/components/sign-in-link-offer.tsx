import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '@modula/shared';
import { useBusy } from '../hooks/use-busy';
import { useMessageText } from './message-text';
import { sendSignInLink } from '../services/api';
import { genericMessage, isRateLimited, waitMinutes, type Message } from '../errors/auth-errors';

const Offer = styled.div`
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(5)};
  display: grid; gap: ${({ theme }) => theme.space(2)}; justify-items: start; font-size: 15px;
  p { margin: 0; }
`;

type State = { kind: 'offer' } | { kind: 'sent' } | { kind: 'failed'; message: Message };

/**
 * Next to the spec's "Too many login attempts" message: the password path waits, but whoever owns
 * the mailbox can still come in with an emailed one-time link, so wrong passwords typed by someone
 * else cannot lock the owner out. The server limits these mails per address too; its 429 says to use
 * the newest link already sent.
 */
export function SignInLinkOffer({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const messageText = useMessageText();
  const [busy, run] = useBusy();
  const [state, setState] = useState<State>({ kind: 'offer' });

  const send = () =>
    run(async () => {
      try {
        await sendSignInLink(email);
        setState({ kind: 'sent' });
      } catch (failure) {
        const message = isRateLimited(failure)
          ? { key: 'login.signInLink.rateLimited', values: { count: waitMinutes(failure, '/auth/v1/otp') } }
          : genericMessage(failure, '/auth/v1/otp');
        setState({ kind: 'failed', message });
      }
    });

  if (state.kind === 'sent') {
    return (
      <Offer>
        <p role="status">{t('login.signInLink.sent', { email })}</p>
      </Offer>
    );
  }
  return (
    <Offer>
      <p>{t('login.signInLink.hint')}</p>
      {state.kind === 'failed' ? <p role="status">{messageText(state.message)}</p> : null}
      <Button type="button" $variant="secondary" onClick={() => void send()} aria-disabled={busy || undefined}>
        {busy ? t('login.signInLink.sending') : t('login.signInLink.send')}
      </Button>
    </Offer>
  );
}
