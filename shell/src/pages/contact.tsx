import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, Field, getSupabase, Textarea, toast } from '@modula/shared';
import { ContentLayout } from './content-layout';

const Grid = styled.div`
  display: grid; gap: ${({ theme }) => theme.space(8)}; grid-template-columns: 1fr;
  @media (min-width: 900px) { grid-template-columns: 1.6fr 1fr; }
`;
const Form = styled.form`
  display: grid; gap: ${({ theme }) => theme.space(4)}; background: ${({ theme }) => theme.colors.surface};
  padding: ${({ theme }) => theme.space(6)}; border-radius: ${({ theme }) => theme.radii.lg}; border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.card};
  .pair { display: grid; gap: ${({ theme }) => theme.space(4)}; grid-template-columns: 1fr; }
  @media (min-width: 600px) { .pair { grid-template-columns: 1fr 1fr; } }
  label { font-weight: 600; font-size: 14px; }
  .message { display: grid; gap: 6px; }
`;
const Alert = styled.p`
  margin: 0; padding: 12px 14px; border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft}; color: ${({ theme }) => theme.colors.danger};
`;
const Aside = styled.aside`
  h2 { font-size: 18px; margin: 0 0 ${({ theme }) => theme.space(4)}; }
  dl { margin: 0; display: grid; gap: ${({ theme }) => theme.space(4)}; }
  dt { font-weight: 700; font-size: 14px; }
  dd { margin: 2px 0 0; }
  p { color: ${({ theme }) => theme.colors.muted}; font-size: 15px; }
`;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const empty = { name: '', email: '', subject: '', message: '' };

/** /contact: the message is stored in contact_messages for the team (insert-only for visitors). */
export function ContactPage() {
  const { t } = useTranslation('shell-pages');
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const row = { name: form.name.trim(), email: form.email.trim(), subject: form.subject.trim(), message: form.message.trim() };
    if (!row.name || !row.email || !row.subject || !row.message) return setError(t('contact.required'));
    if (!EMAIL.test(row.email)) return setError(t('contact.invalidEmail'));
    setError(null);
    setSending(true);
    const { error: insertError } = await getSupabase().from('contact_messages').insert(row);
    setSending(false);
    if (insertError) {
      // The database's rate limit (PT429) gets its own words; its message is English only.
      setError(t(insertError.code === 'PT429' ? 'contact.rateLimited' : 'contact.failed'));
      return;
    }
    setForm(empty);
    toast({ title: t('contact.success'), variant: 'success' });
  };

  return (
    <ContentLayout eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')}>
      <Grid>
        <Form onSubmit={(event) => void submit(event)} noValidate aria-describedby={error ? 'contact-error' : undefined}>
          <div className="pair">
            <Field label={t('contact.name')} name="name" autoComplete="name" value={form.name} onChange={set('name')} required />
            <Field label={t('contact.email')} name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} required />
          </div>
          <Field label={t('contact.subject')} name="subject" value={form.subject} onChange={set('subject')} required />
          <div className="message">
            <label htmlFor="contact-message">{t('contact.message')}</label>
            <Textarea id="contact-message" name="message" rows={6} value={form.message} onChange={set('message')} required />
          </div>
          {error ? (
            <Alert id="contact-error" role="alert">
              {error}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" $size="lg" disabled={sending}>
              {sending ? t('contact.sending') : t('contact.submit')}
            </Button>
          </div>
        </Form>
        <Aside aria-labelledby="contact-aside">
          <h2 id="contact-aside">{t('contact.asideTitle')}</h2>
          <dl>
            <div>
              <dt>{t('contact.asideGeneral')}</dt>
              <dd><a href="mailto:hello@modula.eu">hello@modula.eu</a></dd>
            </div>
            <div>
              <dt>{t('contact.asideVendors')}</dt>
              <dd><a href="mailto:vendors@modula.eu">vendors@modula.eu</a></dd>
            </div>
            <div>
              <dt>{t('contact.asidePrivacy')}</dt>
              <dd><a href="mailto:privacy@modula.eu">privacy@modula.eu</a></dd>
            </div>
          </dl>
          <p>{t('contact.asideHours')}</p>
        </Aside>
      </Grid>
    </ContentLayout>
  );
}
