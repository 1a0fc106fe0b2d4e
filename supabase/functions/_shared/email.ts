// One address, one account. Every place that looks an address up or stores it (auth sign-up, login,
// recover, otp, resend, verify, the admin API, the newsletter and auth-email functions) uses this
// form, so "Demo.Customer@Modula.EU " and "demo.customer@modula.eu." are the same person. Shared by
// the backend and the functions (Node and Deno), hence no imports.

/**
 * NFKC-normalised, trimmed and lowercased, without the trailing dot of a fully qualified domain name
 * ("a@modula.eu." is the same mailbox as "a@modula.eu").
 */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase().replace(/\.+$/, '').trim();
}
