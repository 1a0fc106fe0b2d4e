// An email address and the 6-digit code mailed to it: /verify (confirming a sign-up) and the recovery
// code on /reset-password.
import { z } from 'zod';
import { emailAddress, oneTimeCode } from './fields.ts';

export const emailCodeSchema = z.object({ email: emailAddress(), code: oneTimeCode() });

export type EmailCodeInput = z.input<typeof emailCodeSchema>;
export type EmailCodeValues = z.output<typeof emailCodeSchema>;
