import { beforeAll, describe, expect, jest, test } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme';
import { loadCommonTranslations } from '../testing';
import { emailAddress, requiredText } from '../schemas/fields.ts';
import { languageChoice } from '../schemas/language.ts';
import { CheckboxField, Field, SelectField, TextareaField } from './field';
import { useFormMessage } from './form-message';

const schema = z.object({
  email: emailAddress(),
  message: requiredText(20),
  language: languageChoice,
  agree: z.boolean().refine((v) => v, 'form.requiredField'),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

function Example({ onValid }: { onValid: (values: Output) => void }) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: { email: '', message: '', language: 'en', agree: false } });
  const message = useFormMessage();
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <Field label="Email" hint="We never share it." type="email" {...form.register('email')} error={message(errors.email)} />
      <TextareaField label="Message" {...form.register('message')} error={message(errors.message)} />
      <SelectField label="Language" {...form.register('language')} error={message(errors.language)}>
        <option value="en">English</option>
        <option value="fr">Français</option>
        <option value="xx">Klingon</option>
      </SelectField>
      <CheckboxField label="I agree" {...form.register('agree')} error={message(errors.agree)} />
      <button type="submit">Send</button>
    </form>
  );
}

function renderExample() {
  const onValid = jest.fn<(values: Output) => void>();
  render(
    <ThemeProvider theme={theme}>
      <Example onValid={onValid} />
    </ThemeProvider>,
  );
  return onValid;
}

/** The text the control's aria-describedby points at, as a screen reader reads it after the label. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

beforeAll(loadCommonTranslations);

describe('shared fields with react-hook-form', () => {
  test('a failed submit marks every invalid field, ties its message to it and focuses the first; nothing typed is lost', async () => {
    const onValid = renderExample();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'This is far too long for twenty');
    await user.selectOptions(screen.getByLabelText('Language'), 'xx');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(description(email)).toBe('This field is required. We never share it.');
    expect(document.activeElement).toBe(email);
    expect(description(screen.getByLabelText('Message'))).toBe('Please use at most 20 characters.');
    expect(description(screen.getByLabelText('Language'))).toBe('Please choose one of the options.');
    expect(description(screen.getByLabelText('I agree'))).toBe('This field is required.');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('This is far too long for twenty');
    expect(onValid).not.toHaveBeenCalled();
    // Errors are tied to their fields, not shouted: the form decides how a failed submit is announced.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('fixing the fields clears their errors as typed and submits the checked, trimmed values', async () => {
    const onValid = renderExample();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await user.type(email, '  ada@example.com ');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());
    expect(description(email)).toBe('We never share it.');
    await user.type(screen.getByLabelText('Message'), ' Hello ');
    await user.selectOptions(screen.getByLabelText('Language'), 'fr');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ email: 'ada@example.com', message: 'Hello', language: 'fr', agree: true });
  });

  test('a field shows its error only after it was left (onTouched), not while first typed', async () => {
    renderExample();
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ada@');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    await waitFor(() => expect(description(email)).toBe('Please enter a valid email address. We never share it.'));
  });
});
