// A validation message is an i18n key of the shared `common` namespace (its "form" section), so one
// schema gives the spec's exact wording in every language. Values the sentence interpolates travel
// with the key: "form.tooLong|{"max":200}". A list value holds keys too, joined as "a, b and c" in the
// reader's language ("Password must contain an uppercase letter and a number.").
// Plain module (zod-free, relative imports with extensions): the schemas run in Deno too.

export type FormMessageValue = string | number | readonly string[];
export type FormMessageValues = Readonly<Record<string, FormMessageValue>>;

const SEPARATOR = '|';

/** The message for key `key` of the common namespace, with the values its sentence needs. */
export function formMessage(key: string, values?: FormMessageValues): string {
  return values && Object.keys(values).length > 0 ? `${key}${SEPARATOR}${JSON.stringify(values)}` : key;
}

/** The key and values of a message made by formMessage (any other text comes back as a key without values). */
export function parseFormMessage(message: string): { key: string; values: FormMessageValues } {
  const at = message.indexOf(SEPARATOR);
  if (at < 0) return { key: message, values: {} };
  try {
    const values = JSON.parse(message.slice(at + 1)) as unknown;
    if (values && typeof values === 'object' && !Array.isArray(values)) return { key: message.slice(0, at), values: values as FormMessageValues };
  } catch {
    // Not one of ours: shown as it is.
  }
  return { key: message, values: {} };
}

/** The keys a schema's messages use, under "form." in common (a test checks all 14 languages have them). */
export const FORM_MESSAGES = {
  /** Spec section 5: the whole form, when any required field is empty. */
  required: 'form.required',
  requiredField: 'form.requiredField',
  /** Spec section 8. */
  invalidEmail: 'form.invalidEmail',
  /** Spec section 8 (newsletter): an empty email. */
  emailRequired: 'form.emailRequired',
  tooLong: 'form.tooLong',
  invalidChoice: 'form.invalidChoice',
  sameEmail: 'form.sameEmail',
  codeFormat: 'form.codeFormat',
  authenticatorCodeFormat: 'form.authenticatorCodeFormat',
  passwordMustContain: 'form.password.mustContain',
  passwordContainsEmail: 'form.password.containsEmail',
  passwordContainsName: 'form.password.containsName',
  /** Spec section 8: the strength check's sentence, for the spec's patterns. */
  passwordWeak: 'form.password.weak',
  passwordMismatch: 'form.password.mismatch',
} as const;
