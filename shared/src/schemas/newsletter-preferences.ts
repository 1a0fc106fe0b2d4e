// /newsletter/manage: the language the newsletter is sent in.
import { z } from 'zod';
import { languageChoice } from './language.ts';

export const newsletterPreferencesSchema = z.object({ language: languageChoice });

export type NewsletterPreferencesInput = z.input<typeof newsletterPreferencesSchema>;
export type NewsletterPreferencesValues = z.output<typeof newsletterPreferencesSchema>;
