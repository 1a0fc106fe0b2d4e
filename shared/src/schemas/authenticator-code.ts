// The 6-digit code of the user's authenticator app (two-factor login, step-up, enrolment).
import { z } from 'zod';
import { oneTimeCode } from './fields.ts';
import { FORM_MESSAGES, formMessage } from './message.ts';

export const authenticatorCodeSchema = z.object({ code: oneTimeCode(formMessage(FORM_MESSAGES.authenticatorCodeFormat)) });

export type AuthenticatorCodeInput = z.input<typeof authenticatorCodeSchema>;
export type AuthenticatorCodeValues = z.output<typeof authenticatorCodeSchema>;
