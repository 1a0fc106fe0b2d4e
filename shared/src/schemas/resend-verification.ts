// /check-email: the address a new verification email goes to, when the page does not know it yet.
import { z } from 'zod';
import { emailAddress } from './fields.ts';

export const resendVerificationSchema = z.object({ email: emailAddress() });

export type ResendVerificationInput = z.input<typeof resendVerificationSchema>;
export type ResendVerificationValues = z.output<typeof resendVerificationSchema>;
