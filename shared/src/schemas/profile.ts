// Settings: name, company name (vendors; empty for none) and preferred language. The limits are the
// database's (profiles).
import { z } from 'zod';
import { MAX_NAME_LENGTH, optionalText, requiredText } from './fields.ts';
import { languageChoice } from './language.ts';

export const profileSchema = z.object({
  name: requiredText(MAX_NAME_LENGTH),
  companyName: optionalText(MAX_NAME_LENGTH),
  language: languageChoice,
});

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;
