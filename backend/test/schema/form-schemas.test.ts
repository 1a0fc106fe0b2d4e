// The database cannot run a zod schema, so its check constraints and the browser's form schemas
// (shared/src/schemas) are two statements of one rule. These tests keep them in step: whatever the
// form accepts, the database stores; whatever the database refuses, the form refuses first. (The form
// may be stricter: zod trims every white space, btrim only spaces.)
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { contactSchema } from '../../../shared/src/schemas/contact.ts';
import { newsletterSchema } from '../../../shared/src/schemas/newsletter.ts';
import { profileSchema } from '../../../shared/src/schemas/profile.ts';

const contact = { name: 'Ada', email: 'ada@example.com', subject: 'A question', message: 'Hello' };
/** Inputs on both sides of every contact_messages limit. */
type ContactRow = typeof contact;
const withinLimits: ContactRow[] = [
  contact,
  { ...contact, name: 'n'.repeat(200) },
  { ...contact, name: `  ${'n'.repeat(200)}  ` },
  { ...contact, subject: 's'.repeat(200) },
  { ...contact, message: 'm'.repeat(5000) },
  { ...contact, email: `${'a'.repeat(242)}@example.com` },
  { ...contact, email: '  ada@example.com ' },
];
const beyondLimits: ContactRow[] = [
  { ...contact, name: 'n'.repeat(201) },
  { ...contact, name: '   ' },
  { ...contact, subject: 's'.repeat(201) },
  { ...contact, subject: '' },
  { ...contact, message: 'm'.repeat(5001) },
  { ...contact, email: `${'a'.repeat(243)}@example.com` },
  { ...contact, email: 'ada@example' },
  { ...contact, email: 'ada @example.com' },
  { ...contact, email: '' },
];

for (const database of await testDatabases()) {
  describe(`form schemas and database checks agree on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
    });
    after(() => t?.close());

    it('contact_messages: what the contact form sends is stored; what the table refuses, the form refuses first', async () => {
      for (const input of withinLimits) {
        const form = contactSchema.safeParse(input);
        assert.ok(form.success, JSON.stringify(input).slice(0, 80));
        // The form sends its trimmed output.
        const stored = await t.admin().from('contact_messages').insert(form.data);
        assert.equal(stored.error, null, `the form accepts ${JSON.stringify(input).slice(0, 80)}, the table must store it`);
      }
      for (const input of beyondLimits) {
        const refused = await t.admin().from('contact_messages').insert(input);
        assert.notEqual(refused.error, null, `the table must refuse ${JSON.stringify(input).slice(0, 80)}`);
        assert.equal(contactSchema.safeParse(input).success, false, `the form must refuse ${JSON.stringify(input).slice(0, 80)}`);
      }
      // Stricter than the table: zod trims every white space, btrim only spaces.
      assert.equal(contactSchema.safeParse({ ...contact, message: ' \n ' }).success, false);
    });

    it('newsletter_subscribers: what the sign-up form accepts is stored (email lower-cased, as the function does)', async () => {
      const cases = [
        { email: 'reader@example.com', name: '' },
        { email: 'reader2@example.com', name: 'n'.repeat(200) },
        { email: `${'r'.repeat(242)}@example.com`, name: 'Ada' },
      ];
      for (const input of cases) {
        const form = newsletterSchema.safeParse(input);
        assert.ok(form.success, JSON.stringify(input).slice(0, 80));
        const row = { email: form.data.email.toLowerCase(), name: form.data.name || null, status: 'pending', language: 'en' };
        const stored = await t.admin().from('newsletter_subscribers').insert(row);
        assert.equal(stored.error, null, JSON.stringify(input).slice(0, 80));
      }
      const tooLong = { email: 'reader3@example.com', name: 'n'.repeat(201) };
      assert.equal(newsletterSchema.safeParse(tooLong).success, false);
      assert.notEqual((await t.admin().from('newsletter_subscribers').insert({ ...tooLong, status: 'pending', language: 'en' })).error, null);
    });

    it('profiles: the settings form accepts only languages the table allows', async () => {
      const { rows } = await t.server.context.db.query<{ definition: string }>(
        `select pg_get_constraintdef(c.oid) as definition from pg_constraint c where c.conrelid = 'public.profiles'::regclass and pg_get_constraintdef(c.oid) like '%preferred_language%'`,
      );
      const allowed = [...(rows[0]?.definition ?? '').matchAll(/'([a-z]{2})'/g)].map((m) => m[1]).sort();
      assert.equal(allowed.length, 14);
      for (const language of allowed) assert.ok(profileSchema.safeParse({ name: 'Ada', companyName: '', language }).success, language);
      assert.equal(profileSchema.safeParse({ name: 'Ada', companyName: '', language: 'xx' }).success, false);
    });
  });
}
