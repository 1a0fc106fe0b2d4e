import type { Translations } from '../languages.ts';
import { defineLinkTemplate, type LinkStrings } from './link-template.ts';

const strings: Translations<LinkStrings> = {
  en: {
    subject: 'Confirm your email for Modula',
    heading: 'Confirm your email address',
    body: 'Thanks for signing up for Modula. Please confirm your email address to activate your account.',
    button: 'Confirm email address',
  },
  es: {
    subject: 'Confirma tu correo electrónico en Modula',
    heading: 'Confirma tu dirección de correo electrónico',
    body: 'Gracias por registrarte en Modula. Confirma tu dirección de correo electrónico para activar tu cuenta.',
    button: 'Confirmar correo electrónico',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour Modula',
    heading: 'Confirmez votre adresse e-mail',
    body: 'Merci de vous être inscrit sur Modula. Veuillez confirmer votre adresse e-mail pour activer votre compte.',
    button: 'Confirmer mon adresse e-mail',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Modula',
    heading: 'Bestätigen Sie Ihre E-Mail-Adresse',
    body: 'Vielen Dank für Ihre Registrierung bei Modula. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.',
    button: 'E-Mail-Adresse bestätigen',
  },
  it: {
    subject: 'Conferma la tua email per Modula',
    heading: 'Conferma il tuo indirizzo email',
    body: 'Grazie per esserti registrato su Modula. Conferma il tuo indirizzo email per attivare il tuo account.',
    button: 'Conferma indirizzo email',
  },
  pt: {
    subject: 'Confirme o seu e-mail na Modula',
    heading: 'Confirme o seu endereço de e-mail',
    body: 'Obrigado por se registar na Modula. Confirme o seu endereço de e-mail para ativar a sua conta.',
    button: 'Confirmar endereço de e-mail',
  },
  nl: {
    subject: 'Bevestig je e-mailadres voor Modula',
    heading: 'Bevestig je e-mailadres',
    body: 'Bedankt voor je registratie bij Modula. Bevestig je e-mailadres om je account te activeren.',
    button: 'E-mailadres bevestigen',
  },
  ja: {
    subject: 'Modula のメールアドレスを確認してください',
    heading: 'メールアドレスの確認',
    body: 'Modula にご登録いただきありがとうございます。アカウントを有効にするには、メールアドレスを確認してください。',
    button: 'メールアドレスを確認する',
  },
  zh: {
    subject: '请确认您在 Modula 的邮箱地址',
    heading: '确认您的邮箱地址',
    body: '感谢您注册 Modula。请确认您的邮箱地址以激活账户。',
    button: '确认邮箱地址',
  },
  ko: {
    subject: 'Modula 이메일 주소를 인증해 주세요',
    heading: '이메일 주소 인증',
    body: 'Modula에 가입해 주셔서 감사합니다. 계정을 활성화하려면 이메일 주소를 인증해 주세요.',
    button: '이메일 주소 인증하기',
  },
  ru: {
    subject: 'Подтвердите адрес электронной почты для Modula',
    heading: 'Подтвердите адрес электронной почты',
    body: 'Спасибо за регистрацию в Modula. Подтвердите адрес электронной почты, чтобы активировать учётную запись.',
    button: 'Подтвердить адрес',
  },
  ar: {
    subject: 'أكّد بريدك الإلكتروني في Modula',
    heading: 'أكّد عنوان بريدك الإلكتروني',
    body: 'شكرًا لتسجيلك في Modula. يُرجى تأكيد عنوان بريدك الإلكتروني لتفعيل حسابك.',
    button: 'تأكيد البريد الإلكتروني',
  },
  hi: {
    subject: 'Modula के लिए अपना ईमेल पुष्टि करें',
    heading: 'अपना ईमेल पता पुष्टि करें',
    body: 'Modula पर साइन अप करने के लिए धन्यवाद। अपना खाता सक्रिय करने के लिए कृपया अपना ईमेल पता पुष्टि करें।',
    button: 'ईमेल पता पुष्टि करें',
  },
  tr: {
    subject: 'Modula için e-posta adresinizi doğrulayın',
    heading: 'E-posta adresinizi doğrulayın',
    body: "Modula'ya kaydolduğunuz için teşekkür ederiz. Hesabınızı etkinleştirmek için lütfen e-posta adresinizi doğrulayın.",
    button: 'E-posta adresini doğrula',
  },
};

/** Sign-up confirmation: the verify link and the same token as a 6-digit code. */
export const confirmation = defineLinkTemplate(strings);
