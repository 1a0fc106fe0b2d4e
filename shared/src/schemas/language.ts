// One of the 14 languages (spec section 9), for the forms that choose one.
import { z } from 'zod';
import { LANGUAGE_CODES } from '../i18n/languages.ts';
import { FORM_MESSAGES, formMessage } from './message.ts';

export const languageChoice = z.enum(LANGUAGE_CODES, { error: formMessage(FORM_MESSAGES.invalidChoice) });
