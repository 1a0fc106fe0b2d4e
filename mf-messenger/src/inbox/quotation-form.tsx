import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Input, Select, QUOTATION_CURRENCIES, quotationSchema, type QuotationInput, type QuotationValues } from '@modula/shared';
import { UI_NAMESPACE } from '../i18n';
import { ErrorText } from './ui';

const Form = styled.form`
  display: grid; gap: 10px; padding: 12px; border-block-start: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  h3 { margin: 0; font-size: 15px; }
  label { display: grid; gap: 4px; font-size: 13px; font-weight: 600; }
  .pair { display: grid; grid-template-columns: 2fr 1fr; gap: 8px; }
  .row { display: flex; gap: 8px; flex-wrap: wrap; }
`;

/** A vendor's quotation: title, amount, currency (EUR by default), deposit (10 % by default), valid until. */
export function QuotationForm({ onSubmit, onCancel, pending }: { onSubmit: (values: QuotationValues) => void; onCancel: () => void; pending: boolean }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const form = useForm<QuotationInput, unknown, QuotationValues>({
    resolver: zodResolver(quotationSchema),
    defaultValues: { title: '', amount: '', currency: 'EUR', depositPercent: '10', validUntil: '' },
  });
  const { errors } = form.formState;
  const fields = {
    title: form.register('title'),
    amount: form.register('amount'),
    currency: form.register('currency'),
    validUntil: form.register('validUntil'),
    depositPercent: form.register('depositPercent'),
  };
  const problem = (message?: string) => (message ? <ErrorText role="alert">{t(message)}</ErrorText> : null);
  return (
    <Form noValidate aria-labelledby="quotation-form-title" onSubmit={form.handleSubmit(onSubmit)}>
      <h3 id="quotation-form-title">{t('quotationForm.title')}</h3>
      <label>
        {t('quotationForm.name')}
        <Input aria-invalid={errors.title ? true : undefined} {...fields.title} />
      </label>
      {problem(errors.title?.message)}
      <div className="pair">
        <label>
          {t('quotationForm.amount')}
          <Input inputMode="decimal" aria-invalid={errors.amount ? true : undefined} {...fields.amount} />
        </label>
        <label>
          {t('quotationForm.currency')}
          <Select {...fields.currency}>
            {QUOTATION_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {problem(errors.amount?.message)}
      <div className="pair">
        <label>
          {t('quotationForm.validUntil')}
          <Input type="date" aria-invalid={errors.validUntil ? true : undefined} {...fields.validUntil} />
        </label>
        <label>
          {t('quotationForm.deposit')}
          <Input inputMode="decimal" aria-invalid={errors.depositPercent ? true : undefined} {...fields.depositPercent} />
        </label>
      </div>
      {problem(errors.validUntil?.message)}
      {problem(errors.depositPercent?.message)}
      <div className="row">
        <Button type="submit" $size="sm" disabled={pending}>{t('quotationForm.send')}</Button>
        <Button $size="sm" $variant="ghost" onClick={onCancel}>{t('quotationForm.cancel')}</Button>
      </div>
    </Form>
  );
}
