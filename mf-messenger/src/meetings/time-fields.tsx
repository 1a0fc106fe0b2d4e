import { useTranslation } from 'react-i18next';
import type { UseFormRegister, FieldValues, Path } from 'react-hook-form';
import styled from 'styled-components';
import { Input } from '@modula/shared';
import { UI_NAMESPACE } from '../i18n';
import { browserTimeZone } from '../inbox/format';
import { useNow } from '../inbox/now';

const Times = styled.fieldset`
  display: grid; gap: 8px; margin: 0; padding: 0; border: none; min-inline-size: 0;
  legend { font-weight: 600; font-size: 14px; margin-block-end: 6px; padding: 0; }
  label { display: grid; gap: 4px; font-size: 13px; }
  p { margin: 0; font-size: 12px; color: ${({ theme }) => theme.colors.muted}; }
`;

/** Up to three `datetime-local` inputs (times in the reader's time zone, which the form names). */
export function TimeFields<T extends FieldValues>({ register, name, count, required, legend }: {
  register: UseFormRegister<T>;
  name: string;
  count: number;
  required: number;
  legend: string;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const now = new Date(useNow() + 3_600_000);
  const min = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  return (
    <Times>
      <legend>{legend}</legend>
      {Array.from({ length: count }, (_, index) => (
        <label key={index}>
          {index < required ? t('meetingForm.timeLabel', { n: index + 1 }) : t('meetingForm.optionalTimeLabel', { n: index + 1 })}
          <Input type="datetime-local" min={min} {...register(`${name}.${index}` as Path<T>)} />
        </label>
      ))}
      <p>{t('meetingForm.timeZone', { zone: browserTimeZone() })}</p>
    </Times>
  );
}

/** datetime-local values (local time) as instants for the server. */
export function toInstants(values: string[]): string[] {
  return values.map((value) => new Date(value).toISOString());
}
