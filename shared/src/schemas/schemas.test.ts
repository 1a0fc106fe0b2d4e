import { beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { i18n } from '../i18n/instance';
import { LANGUAGE_CODES } from '../i18n/languages';
import { loadCommonTranslations, loadTestTranslations } from '../testing';
import { formMessageText } from '../ui/form-message';
import { FORM_MESSAGES, formMessage, parseFormMessage } from './message.ts';
import { PASSWORD_REQUIREMENTS } from './password.ts';
import { signupSchema } from './signup.ts';
import { loginSchema } from './login.ts';
import { forgotPasswordSchema } from './forgot-password.ts';
import { emailCodeSchema } from './email-code.ts';
import { authenticatorCodeSchema } from './authenticator-code.ts';
import { newPasswordSchema } from './new-password.ts';
import { emailChangeSchema } from './email-change.ts';
import { profileSchema } from './profile.ts';
import { contactSchema } from './contact.ts';
import { newsletterSchema } from './newsletter.ts';
import { newsletterPreferencesSchema } from './newsletter-preferences.ts';

const locales = path.join(__dirname, '..', 'i18n', 'locales');
const read = (language: string) => JSON.parse(fs.readFileSync(path.join(locales, `${language}.json`), 'utf8')) as Record<string, unknown>;

/** Each field's first message, as react-hook-form's zodResolver reports it, in English. */
function errorsOf(schema: z.ZodType, values: unknown, language = 'en'): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const at = issue.path.join('.');
    errors[at] ??= formMessageText(issue.message, i18n.getFixedT(language, 'common'), language);
  }
  return errors;
}

beforeAll(async () => {
  await loadCommonTranslations();
  await loadTestTranslations('common', read('fr'), 'fr');
  await i18n.changeLanguage('en');
});

describe('form messages', () => {
  it('carry their values through the key and come back intact', () => {
    const message = formMessage('form.tooLong', { max: 200 });
    expect(parseFormMessage(message)).toEqual({ key: 'form.tooLong', values: { max: 200 } });
    expect(parseFormMessage('form.required')).toEqual({ key: 'form.required', values: {} });
    expect(parseFormMessage('Some server text | with a bar')).toEqual({ key: 'Some server text | with a bar', values: {} });
  });

  it('every key a schema uses is translated in all 14 languages', () => {
    const keys = [...Object.values(FORM_MESSAGES), ...PASSWORD_REQUIREMENTS.map((r) => `form.password.item.${r}`)];
    const english = read('en');
    for (const language of LANGUAGE_CODES) {
      const strings = read(language);
      for (const key of keys) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
        expect([language, key, typeof value]).toEqual([language, key, 'string']);
        const englishValue = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
        // Translated, not a copy of the English sentence.
        expect([language, key, language !== 'en' && value === englishValue]).toEqual([language, key, false]);
        expect([language, key, (value as string).match(/\{\{\w+\}\}/g)]).toEqual([language, key, (englishValue as string).match(/\{\{\w+\}\}/g)]);
      }
    }
  });
});

describe('sign-up (spec section 5)', () => {
  const valid = { name: ' Ada Lovelace ', email: ' ada@example.com ', password: 'Harbour-Tulip-73', userType: 'customer', agreeToTerms: true };

  it('gives trimmed values and the account type when everything is right', () => {
    expect(signupSchema.parse(valid)).toEqual({ ...valid, name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('an empty form: every field is required', () => {
    expect(errorsOf(signupSchema, { name: '', email: '', password: '', userType: '', agreeToTerms: false })).toEqual({
      name: 'This field is required.',
      email: 'This field is required.',
      password: 'This field is required.',
      userType: 'This field is required.',
      agreeToTerms: 'This field is required.',
    });
  });

  it("gives the spec's password and email messages", () => {
    expect(errorsOf(signupSchema, { ...valid, email: 'not-an-email' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(errorsOf(signupSchema, { ...valid, password: 'abc' })).toEqual({
      password: 'Password must contain at least 8 characters, an uppercase letter, a number, and a special character.',
    });
    expect(errorsOf(signupSchema, { ...valid, password: 'Ada.Lovelace-1' })).toEqual({ password: 'Password cannot contain your email username.' });
    expect(errorsOf(signupSchema, { ...valid, email: 'x@example.com', password: 'AdaLovelace-26!' })).toEqual({ password: 'Password cannot contain your name.' });
  });

  it("checks the password against the email even while the name is still missing", () => {
    expect(errorsOf(signupSchema, { ...valid, name: '', password: 'Ada-example-1X' })).toEqual({
      name: 'This field is required.',
      password: 'Password cannot contain your email username.',
    });
  });

  it('a name is at most 200 characters (the database limit)', () => {
    expect(errorsOf(signupSchema, { ...valid, name: 'a'.repeat(201) })).toEqual({ name: 'Please use at most 200 characters.' });
    expect(errorsOf(signupSchema, { ...valid, name: 'a'.repeat(200) })).toEqual({});
  });

  it('the same schema speaks French', () => {
    expect(errorsOf(signupSchema, { ...valid, email: '', password: 'abc' }, 'fr')).toEqual({
      email: 'Ce champ est obligatoire.',
      password: 'Le mot de passe doit contenir au moins 8 caractères, une lettre majuscule, un chiffre et un caractère spécial.',
    });
  });
});

describe('the other forms', () => {
  it('login: email and password required, email checked', () => {
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({ email: 'This field is required.', password: 'This field is required.' });
    expect(errorsOf(loginSchema, { email: 'ada@', password: 'x' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(loginSchema.parse({ email: ' ada@example.com ', password: ' x ' })).toEqual({ email: 'ada@example.com', password: ' x ' });
  });

  it('forgot password: one email address', () => {
    expect(errorsOf(forgotPasswordSchema, { email: 'a b@c.d' })).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('emailed and authenticator codes: 6 digits, spaces and dashes as apps show them', () => {
    expect(emailCodeSchema.parse({ email: 'ada@example.com', code: ' 123 456 ' })).toEqual({ email: 'ada@example.com', code: '123456' });
    expect(errorsOf(emailCodeSchema, { email: 'ada@example.com', code: '12345' })).toEqual({ code: 'The code has 6 digits.' });
    expect(errorsOf(emailCodeSchema, { email: '', code: '' })).toEqual({ email: 'This field is required.', code: 'This field is required.' });
    expect(authenticatorCodeSchema.parse({ code: '123-456' })).toEqual({ code: '123456' });
    expect(errorsOf(authenticatorCodeSchema, { code: 'abcdef' })).toEqual({ code: 'Enter the 6 digits your authenticator app shows.' });
  });

  it('new password: the sign-up rules for this account, a matching confirmation, the emailed code once asked', () => {
    const schema = newPasswordSchema({ email: 'ada@example.com', name: 'Ada' });
    expect(errorsOf(schema, { password: '', confirm: '', code: '' })).toEqual({ password: 'This field is required.', confirm: 'This field is required.' });
    expect(errorsOf(schema, { password: 'Harbour-Tulip-73', confirm: 'Harbour-Tulip-7', code: '' })).toEqual({ confirm: 'The passwords do not match.' });
    expect(errorsOf(schema, { password: 'Ada-Harbour-73', confirm: 'Ada-Harbour-73', code: '' })).toEqual({ password: 'Password cannot contain your email username.' });
    expect(errorsOf(newPasswordSchema({}, { codeRequired: true }), { password: 'Harbour-Tulip-73', confirm: 'Harbour-Tulip-73', code: '12' })).toEqual({
      code: 'The code has 6 digits.',
    });
  });

  it('email change: a different address', () => {
    expect(errorsOf(emailChangeSchema('Ada@Example.com'), { email: ' ada@example.com ' })).toEqual({ email: 'This is already your email address.' });
    expect(emailChangeSchema('ada@example.com').parse({ email: 'new@example.com' })).toEqual({ email: 'new@example.com' });
  });

  it('profile: a name, a company of at most 200 characters, one of the 14 languages', () => {
    expect(errorsOf(profileSchema, { name: ' ', companyName: 'c'.repeat(201), language: 'xx' })).toEqual({
      name: 'This field is required.',
      companyName: 'Please use at most 200 characters.',
      language: 'Please choose one of the options.',
    });
    expect(profileSchema.parse({ name: 'Ada', companyName: '  ', language: 'ar' })).toEqual({ name: 'Ada', companyName: '', language: 'ar' });
  });

  it("contact: the database's limits", () => {
    const valid = { name: 'Ada', email: 'ada@example.com', subject: 'A question', message: 'Hello' };
    expect(errorsOf(contactSchema, { name: '', email: '', subject: ' ', message: '' })).toEqual({
      name: 'This field is required.',
      email: 'This field is required.',
      subject: 'This field is required.',
      message: 'This field is required.',
    });
    expect(errorsOf(contactSchema, { ...valid, message: 'm'.repeat(5001) })).toEqual({ message: 'Please use at most 5000 characters.' });
    expect(errorsOf(contactSchema, { ...valid, email: `${'a'.repeat(250)}@b.co` })).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('newsletter (spec sections 5 and 8): email required with its own message, name optional', () => {
    expect(errorsOf(newsletterSchema, { email: '  ', name: '' })).toEqual({ email: 'Please enter your email address to subscribe.' });
    expect(newsletterSchema.parse({ email: 'ada@example.com', name: '  ' })).toEqual({ email: 'ada@example.com', name: '' });
    expect(errorsOf(newsletterSchema, { email: 'ada@example.com', name: 'n'.repeat(201) })).toEqual({ name: 'Please use at most 200 characters.' });
  });

  it('newsletter preferences: one of the 14 languages', () => {
    expect(newsletterPreferencesSchema.parse({ language: 'ja' })).toEqual({ language: 'ja' });
    expect(errorsOf(newsletterPreferencesSchema, { language: 'klingon' })).toEqual({ language: 'Please choose one of the options.' });
  });
});
