import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  contactSchema,
  Field,
  getPublicClient,
  submitProblem,
  TextareaField,
  toast,
  useFormMessage,
  type ContactInput,
  type ContactValues,
} from '@modula/shared';
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

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const empty: ContactInput = { name: '', email: '', subject: '', message: '' };

/**
 * /contact: the message (contactSchema, the database's own limits) is stored in contact_messages for
 * the team (insert-only for visitors). What was typed stays until the message is stored.
 */
export function ContactPage() {
  const { t } = useTranslation('shell-pages');
  const formText = useFormMessage();
  const form = useForm<ContactInput, unknown, ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const [error, setError] = useState<string | null>(null);

  // The alert sums up (spec section 5); each field says what is wrong with it.
  const invalid = (fieldErrors: FieldErrors<ContactInput>) => setError(formText(submitProblem(fieldErrors, FIELDS)) ?? null);

  const submit = async (row: ContactValues) => {
    setError(null);
    const { error: insertError } = await getPublicClient().from('contact_messages').insert(row);
    if (insertError) {
      // The database's rate limit (PT429) gets its own words; its message is English only.
      setError(t(insertError.code === 'PT429' ? 'contact.rateLimited' : 'contact.failed'));
      return;
    }
    form.reset(empty);
    toast({ title: t('contact.success'), variant: 'success' });
  };

  return (
    <ContentLayout eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')}>
      <Grid>
        <Form onSubmit={form.handleSubmit(submit, invalid)} noValidate aria-describedby={error ? 'contact-error' : undefined}>
          <div className="pair">
            <Field label={t('contact.name')} autoComplete="name" required {...form.register('name')} error={formText(errors.name)} />
            <Field label={t('contact.email')} type="email" autoComplete="email" required {...form.register('email')} error={formText(errors.email)} />
          </div>
          <Field label={t('contact.subject')} required {...form.register('subject')} error={formText(errors.subject)} />
          <TextareaField
            label={t('contact.message')}
            rows={6}
            required
            {...form.register('message')}
            error={formText(errors.message)}
          />
          {error ? (
            <Alert id="contact-error" role="alert">
              {error}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" $size="lg" disabled={isSubmitting}>
              {isSubmitting ? t('contact.sending') : t('contact.submit')}
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
