// /login: email and password. Whether they match is the auth server's answer.
import { z } from 'zod';
import { emailAddress } from './fields.ts';
import { FORM_MESSAGES, formMessage } from './message.ts';

export const loginSchema = z.object({
  email: emailAddress(),
  password: z.string().min(1, formMessage(FORM_MESSAGES.requiredField)),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;
