import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAIL_LANGUAGES } from '../../../supabase/functions/_shared/mail/languages.ts';
import { renderMail } from '../../../supabase/functions/_shared/mail/render.ts';

const samples: Record<string, Record<string, unknown>> = {
  welcome: { name: 'Ada <b>', userType: 'vendor', url: 'https://modula.example/dashboard' },
  'newsletter-confirm': { url: 'https://modula.example/newsletter/confirm?token=abc&x=1', email: 'a@example.com', name: null, validHours: 48 },
};

describe('the functions\' mail templates', () => {
  for (const [template, data] of Object.entries(samples)) {
    it(`${template} renders in all 14 languages with its link, escaped, nothing left unfilled`, () => {
      const subjects = new Set<string>();
      for (const language of MAIL_LANGUAGES) {
        const mail = renderMail({ to: 'a@example.com', template, language, data });
        subjects.add(mail.subject);
        assert.match(mail.html, new RegExp(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`));
        assert.ok(mail.text.includes(String(data.url)));
        assert.ok(mail.html.includes(String(data.url).replace(/&/g, '&amp;')));
        assert.doesNotMatch(mail.html, /<b>/);
        assert.doesNotMatch(mail.html + mail.text, /\{\w+\}/);
      }
      assert.equal(subjects.size, MAIL_LANGUAGES.length);
    });
  }

  it('welcomes customers and vendors differently', () => {
    const customer = renderMail({ to: 'a@example.com', template: 'welcome', language: 'en', data: { ...samples.welcome, userType: 'customer' } });
    const vendor = renderMail({ to: 'a@example.com', template: 'welcome', language: 'en', data: samples.welcome! });
    assert.match(customer.text, /Start exploring/);
    assert.match(vendor.text, /Open your dashboard/);
  });
});
