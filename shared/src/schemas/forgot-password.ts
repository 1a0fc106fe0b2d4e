// /forgot-password ("Send Reset Link"), and every form that only asks for an email address (the
// resend on /check-email).
import { z } from 'zod';
import { emailAddress } from './fields.ts';

export const forgotPasswordSchema = z.object({ email: emailAddress() });

export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;
