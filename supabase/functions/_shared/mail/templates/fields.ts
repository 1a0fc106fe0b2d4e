import { z } from 'zod';

/** Field schemas the templates share. Links must be http(s): no javascript: or data: URLs in mail. */
export const linkUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });
export const otpCode = z.string().regex(/^\d{6}$/, 'must be a 6-digit code');
export const personName = z.string().max(200).nullish();
export const minutes = z.number().int().positive();
export const emailAddress = z.email();
