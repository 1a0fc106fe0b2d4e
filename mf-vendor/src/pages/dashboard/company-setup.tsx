import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button, COMPANY_TYPES, Field, SelectField, TextareaField, companySchema, submitProblem, useFormMessage,
  type CompanyInput, type CompanyValues,
} from '@modula/shared';
import { refreshProfile, toast } from '../../services/api';
import { acceptInvitation, createCompany } from '../../services/vendor';
import { vendorQueries } from '../../services/queries';
import { NAMESPACE } from '../../i18n';
import { countryName } from '../../lib/countries';
import { Muted, Panel } from '../../components/ui';

const Form = styled.form`display: grid; gap: 16px; max-inline-size: 640px;`;
const Alert = styled.p`margin: 0; color: ${({ theme }) => theme.colors.danger}; font-weight: 600;`;
const Invitations = styled.ul`
  margin: 0; padding: 0; list-style: none; display: grid; gap: 8px;
  li { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: space-between; }
`;

const FIELDS = ['name', 'companyType', 'country', 'description'] as const;
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** A vendor without a company creates one, or joins the company that invited them. */
export function CompanySetup({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const message = useFormMessage();
  const queryClient = useQueryClient();
  const invitations = useQuery(vendorQueries.invitations(userId));
  const countries = useQuery(vendorQueries.countries());
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CompanyInput, unknown, CompanyValues>({
    resolver: zodResolver(companySchema),
    defaultValues: { name: '', companyType: 'manufacturer', country: '', description: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const joined = async () => {
    await refreshProfile();
    await queryClient.invalidateQueries({ queryKey: vendorQueries.all(userId) });
  };
  const accept = useMutation({
    mutationKey: ['vendor', 'accept-invitation'],
    mutationFn: acceptInvitation,
    onSuccess: joined,
    onError: () => toast({ title: t('company.joinFailed'), variant: 'error' }),
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        await createCompany({ ...values, logo });
        toast({ title: t('company.created') });
        await joined();
      } catch {
        setProblem(t('company.createFailed'));
      }
    },
    (formErrors) => setProblem(message(submitProblem(formErrors, FIELDS)) ?? null),
  );

  return (
    <div style={{ display: 'grid', gap: 24 }}>
      {invitations.data && invitations.data.length > 0 ? (
        <Panel aria-labelledby="invitations-title">
          <h2 id="invitations-title">{t('company.invitationsTitle')}</h2>
          <Invitations>
            {invitations.data.map((invitation) => (
              <li key={invitation.id}>
                <span>{t('company.invitedBy', { company: invitation.company_name, name: invitation.invited_by_name ?? '' })}</span>
                <Button type="button" disabled={accept.isPending} onClick={() => accept.mutate(invitation.id)}>
                  {t('company.join', { company: invitation.company_name })}
                </Button>
              </li>
            ))}
          </Invitations>
        </Panel>
      ) : null}
      <Panel aria-labelledby="company-title">
        <h2 id="company-title">{t('company.createTitle')}</h2>
        <Muted>{t('company.createIntro')}</Muted>
        <Form noValidate onSubmit={(event) => void onSubmit(event)}>
          {problem ? <Alert role="alert">{problem}</Alert> : null}
          <Field label={t('company.name')} autoComplete="organization" {...form.register('name')} error={message(errors.name)} />
          <SelectField label={t('company.type')} {...form.register('companyType')} error={message(errors.companyType)}>
            {COMPANY_TYPES.map((type) => (
              <option key={type} value={type}>{t(`companyType.${type}`)}</option>
            ))}
          </SelectField>
          <SelectField label={t('company.country')} {...form.register('country')} error={message(errors.country)}>
            <option value="">{t('form.chooseOption')}</option>
            {(countries.data ?? []).map((country) => (
              <option key={country.code} value={country.code}>{countryName(country.code, country.name, i18n.language)}</option>
            ))}
          </SelectField>
          <Field
            label={t('company.logo')}
            hint={t('company.logoHint')}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            error={logoError ?? undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              if (file && (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type) || file.size > MAX_LOGO_BYTES)) {
                setLogoError(t('company.logoInvalid'));
                setLogo(null);
              } else {
                setLogoError(null);
                setLogo(file);
              }
            }}
          />
          <TextareaField label={t('company.description')} rows={4} {...form.register('description')} error={message(errors.description)} />
          <div>
            <Button type="submit" disabled={isSubmitting}>{t('company.create')}</Button>
          </div>
        </Form>
      </Panel>
    </div>
  );
}

