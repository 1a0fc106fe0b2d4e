import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAIL_LANGUAGES, pickLanguage } from '../../../supabase/functions/_shared/mail/languages.ts';
import { renderMail } from '../../../supabase/functions/_shared/mail/render.ts';
import { templates } from '../../../supabase/functions/_shared/mail/templates/index.ts';
import { MailTemplateError } from '../../../supabase/functions/_shared/mail/types.ts';

const sampleData: Record<string, Record<string, unknown>> = {
  confirmation: { url: 'https://modula.example/auth/v1/verify?token=abc&type=signup', code: '123456', name: 'Ada <b>', expiresInMinutes: 60 },
  'magic-link': { url: 'https://modula.example/auth/v1/verify?token=abc&type=magiclink', code: '123456', name: null, expiresInMinutes: 60 },
  recovery: { url: 'https://modula.example/auth/v1/verify?token=abc&type=recovery', code: '654321', expiresInMinutes: 60 },
  'email-change': { url: 'https://modula.example/v?token=x&type=email_change', code: '000111', email: 'new@example.com', expiresInMinutes: 60 },
  'email-change-notice': { newEmail: 'new@example.com', name: 'Ada' },
  reauthentication: { code: '987654', expiresInMinutes: 60 },
  'message-digest': {
    name: 'Ada <b>', counterpartName: 'Vera <i>Vendor</i>', listingTitle: 'Alpine A-frame', count: 3, url: 'https://modula.example/customer-dashboard/messages?conversation=1',
    messages: [{ kind: 'text', text: '<script>x</script> Hello' }, { kind: 'attachment', fileName: 'plan.pdf' }, { kind: 'quotation', title: 'Deck' }],
  },
  'meeting-update': {
    name: 'Ada <b>', event: 'requested', byRecipient: false, actorName: 'Vera <i>Vendor</i>', listingTitle: 'Alpine A-frame', meetingType: 'on_site',
    times: ['2026-12-03T14:00:00.000Z', '2026-12-04T09:30:00.000Z'], durationMinutes: 60, timeZone: 'Europe/Berlin', note: '<b>Dog</b>',
    url: 'https://modula.example/customer-dashboard/meetings',
  },
  'order-update': {
    name: 'Ada <b>', reference: 'MOD-000123', title: 'Alpine <b>A-frame</b>', status: 'shipped', created: false, note: '<b>Crane</b> on Monday',
    url: 'https://modula.example/customer-dashboard/orders',
  },
  'listing-moderation': {
    name: 'Vera <b>', action: 'unpublished', listingTitle: 'Alpine <i>A-frame</i>', reason: 'Photos show <b>another</b> house',
    url: 'https://modula.example/dashboard',
  },
  'contact-reply': { name: 'Pat <b>', subject: 'Shipping to <i>Malta</i>', original: 'Do you ship to <b>Malta</b>?', reply: 'Yes, <b>we do</b>.' },
  'contact-notification': {
    name: 'Pat <b>', email: 'pat@example.com', subject: 'Shipping to <i>Malta</i>', message: 'Do you ship to <b>Malta</b>?',
    url: 'https://modula.example/admin/messages',
  },
  'company-invitation': { name: null, company: 'Alpha <b>Modular</b>', inviter: 'Vera <i>Vendor</i>', url: 'https://modula.example/dashboard' },
};

describe('mail templates', () => {
  it('registers the auth and messenger templates', () => {
    for (const name of Object.keys(sampleData)) assert.ok(Object.hasOwn(templates, name), name);
  });

  for (const name of Object.keys(sampleData)) {
    it(`${name} renders in all 14 languages, distinct, branded and escaped`, () => {
      const subjects = new Set<string>();
      for (const language of MAIL_LANGUAGES) {
        const mail = renderMail({ to: 'a@example.com', template: name, language, data: sampleData[name]! });
        assert.equal(mail.language, language);
        subjects.add(mail.subject);
        assert.match(mail.html, new RegExp(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`));
        assert.match(mail.html, /Modula/);
        assert.match(mail.text, /Modula/);
        assert.doesNotMatch(mail.html, /<b>/, 'user data is escaped');
        assert.doesNotMatch(mail.html + mail.text, /\{\w+\}/, 'no unfilled placeholder');
        const data = sampleData[name]!;
        if (typeof data.url === 'string') {
          assert.ok(mail.html.includes(data.url.replace(/&/g, '&amp;')), 'the link is in the HTML');
          assert.ok(mail.text.includes(data.url), 'the link is in the text');
        }
        if (typeof data.code === 'string') assert.ok(mail.text.includes(data.code));
      }
      assert.equal(subjects.size, MAIL_LANGUAGES.length, 'every language has its own subject');
    });
  }

  it('falls back to English for unknown languages and accepts regional tags', () => {
    assert.equal(pickLanguage('pt-BR'), 'pt');
    assert.equal(pickLanguage('zh_CN'), 'zh');
    assert.equal(pickLanguage('xx'), 'en');
    assert.equal(pickLanguage(undefined), 'en');
    const mail = renderMail({ to: 'a@example.com', template: 'recovery', language: 'klingon', data: sampleData.recovery! });
    assert.equal(mail.language, 'en');
    assert.match(mail.subject, /Reset your Modula password/);
  });

  it('refuses unknown templates, bad data and non-http links', () => {
    assert.throws(() => renderMail({ to: 'a@example.com', template: 'nope', data: {} }), MailTemplateError);
    assert.throws(() => renderMail({ to: 'a@example.com', template: 'recovery', data: { code: '1' } }), /Invalid data for mail template "recovery"/);
    assert.throws(
      () => renderMail({ to: 'a@example.com', template: 'recovery', data: { ...sampleData.recovery, url: 'javascript:alert(1)' } }),
      MailTemplateError,
    );
  });
});
