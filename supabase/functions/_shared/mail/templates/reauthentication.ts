import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { commonStrings } from './common-strings.ts';
import { defineTemplate, renderEmail } from './layout.ts';
import { minutes, otpCode, personName } from './fields.ts';

interface Strings {
  subject: string;
  heading: string;
  body: string;
}

const strings: Translations<Strings> = {
  en: {
    subject: 'Your Modula verification code',
    heading: "Confirm it's you",
    body: 'Enter this code in Modula to confirm your identity:',
  },
  es: {
    subject: 'Tu código de verificación de Modula',
    heading: 'Confirma que eres tú',
    body: 'Introduce este código en Modula para confirmar tu identidad:',
  },
  fr: {
    subject: 'Votre code de vérification Modula',
    heading: 'Confirmez votre identité',
    body: 'Saisissez ce code dans Modula pour confirmer votre identité :',
  },
  de: {
    subject: 'Ihr Modula-Bestätigungscode',
    heading: 'Bestätigen Sie, dass Sie es sind',
    body: 'Geben Sie diesen Code in Modula ein, um Ihre Identität zu bestätigen:',
  },
  it: {
    subject: 'Il tuo codice di verifica Modula',
    heading: 'Conferma la tua identità',
    body: 'Inserisci questo codice in Modula per confermare la tua identità:',
  },
  pt: {
    subject: 'O seu código de verificação da Modula',
    heading: 'Confirme que é você',
    body: 'Introduza este código na Modula para confirmar a sua identidade:',
  },
  nl: {
    subject: 'Je verificatiecode voor Modula',
    heading: 'Bevestig dat jij het bent',
    body: 'Voer deze code in bij Modula om je identiteit te bevestigen:',
  },
  ja: {
    subject: 'Modula の確認コード',
    heading: '本人確認',
    body: '本人確認のため、Modula で次のコードを入力してください:',
  },
  zh: {
    subject: '您的 Modula 验证码',
    heading: '确认是您本人',
    body: '请在 Modula 中输入以下验证码以确认您的身份：',
  },
  ko: {
    subject: 'Modula 인증 코드',
    heading: '본인 확인',
    body: '본인 확인을 위해 Modula에 다음 코드를 입력하세요:',
  },
  ru: {
    subject: 'Ваш код подтверждения Modula',
    heading: 'Подтвердите, что это вы',
    body: 'Введите этот код в Modula, чтобы подтвердить свою личность:',
  },
  ar: {
    subject: 'رمز التحقق الخاص بك في Modula',
    heading: 'أكّد هويتك',
    body: 'أدخل هذا الرمز في Modula لتأكيد هويتك:',
  },
  hi: {
    subject: 'आपका Modula सत्यापन कोड',
    heading: 'पुष्टि करें कि यह आप हैं',
    body: 'अपनी पहचान की पुष्टि करने के लिए Modula में यह कोड दर्ज करें:',
  },
  tr: {
    subject: 'Modula doğrulama kodunuz',
    heading: 'Siz olduğunuzu doğrulayın',
    body: "Kimliğinizi doğrulamak için Modula'da bu kodu girin:",
  },
};

/** The code a signed-in user enters to confirm a sensitive change (GoTrue's reauthentication nonce). */
export const reauthentication = defineTemplate({
  schema: z.object({ code: otpCode, name: personName, expiresInMinutes: minutes }),
  render(data, language) {
    const s = strings[language];
    return renderEmail(language, {
      subject: s.subject,
      heading: s.heading,
      name: data.name,
      paragraphs: [s.body],
      code: data.code,
      expiresInMinutes: data.expiresInMinutes,
      closing: [commonStrings[language].ignore],
    });
  },
});
