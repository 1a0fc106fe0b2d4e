import type { UserType } from '@modula/shared';
import { localPasswordProblem, type PasswordProblem } from './password-rules';

export interface SignupValues {
  name: string;
  email: string;
  password: string;
  userType: UserType | '';
  agreeToTerms: boolean;
}

export type SignupField = keyof SignupValues;

/** Field order on screen: focus goes to the first field with a problem. */
export const SIGNUP_FIELDS: readonly SignupField[] = ['name', 'email', 'password', 'userType', 'agreeToTerms'];

export const MAX_NAME_LENGTH = 200;

// Deliberately permissive (the server has the final word): something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export type FieldProblem = { kind: 'required' } | { kind: 'invalidEmail' } | { kind: 'nameTooLong' } | { kind: 'password'; problem: PasswordProblem };

export interface SignupValidation {
  /** "Please fill in all required fields" when something is missing. */
  missingRequired: boolean;
  fields: Partial<Record<SignupField, FieldProblem>>;
}

/** The checks the browser makes before sending a sign-up (spec section 5), field by field. */
export function validateSignup(values: SignupValues): SignupValidation {
  const fields: SignupValidation['fields'] = {};
  const name = values.name.trim();
  const email = values.email.trim();
  if (!name) fields.name = { kind: 'required' };
  else if (name.length > MAX_NAME_LENGTH) fields.name = { kind: 'nameTooLong' };
  if (!email) fields.email = { kind: 'required' };
  else if (!isValidEmail(email)) fields.email = { kind: 'invalidEmail' };
  if (!values.password) fields.password = { kind: 'required' };
  else {
    const problem = localPasswordProblem(values.password, { email, name });
    if (problem) fields.password = { kind: 'password', problem };
  }
  if (!values.userType) fields.userType = { kind: 'required' };
  if (!values.agreeToTerms) fields.agreeToTerms = { kind: 'required' };
  const missingRequired = Object.values(fields).some((problem) => problem.kind === 'required');
  return { missingRequired, fields };
}

export function firstInvalidField(fields: SignupValidation['fields']): SignupField | null {
  return SIGNUP_FIELDS.find((field) => fields[field]) ?? null;
}
