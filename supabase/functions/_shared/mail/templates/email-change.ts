import type { Translations } from '../languages.ts';
import { defineLinkTemplate, type LinkStrings } from './link-template.ts';

const strings: Translations<LinkStrings> = {
  en: {
    subject: 'Confirm your new email address for Modula',
    heading: 'Confirm your new email address',
    body: 'Please confirm that you want to use {email} for your Modula account.',
    button: 'Confirm new email',
  },
  es: {
    subject: 'Confirma tu nueva dirección de correo en Modula',
    heading: 'Confirma tu nueva dirección de correo electrónico',
    body: 'Confirma que quieres usar {email} en tu cuenta de Modula.',
    button: 'Confirmar nuevo correo',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail pour Modula',
    heading: 'Confirmez votre nouvelle adresse e-mail',
    body: 'Veuillez confirmer que vous souhaitez utiliser {email} pour votre compte Modula.',
    button: 'Confirmer la nouvelle adresse',
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Modula',
    heading: 'Neue E-Mail-Adresse bestätigen',
    body: 'Bitte bestätigen Sie, dass Sie {email} für Ihr Modula-Konto verwenden möchten.',
    button: 'Neue E-Mail-Adresse bestätigen',
  },
  it: {
    subject: 'Conferma il tuo nuovo indirizzo email per Modula',
    heading: 'Conferma il nuovo indirizzo email',
    body: 'Conferma di voler usare {email} per il tuo account Modula.',
    button: 'Conferma nuovo indirizzo',
  },
  pt: {
    subject: 'Confirme o seu novo endereço de e-mail na Modula',
    heading: 'Confirme o seu novo endereço de e-mail',
    body: 'Confirme que pretende utilizar {email} na sua conta Modula.',
    button: 'Confirmar novo e-mail',
  },
  nl: {
    subject: 'Bevestig je nieuwe e-mailadres voor Modula',
    heading: 'Bevestig je nieuwe e-mailadres',
    body: 'Bevestig dat je {email} wilt gebruiken voor je Modula-account.',
    button: 'Nieuw e-mailadres bevestigen',
  },
  ja: {
    subject: 'Modula の新しいメールアドレスを確認してください',
    heading: '新しいメールアドレスの確認',
    body: 'Modula アカウントで {email} を使用することを確認してください。',
    button: '新しいメールアドレスを確認する',
  },
  zh: {
    subject: '请确认您在 Modula 的新邮箱地址',
    heading: '确认新邮箱地址',
    body: '请确认您要将 {email} 用于您的 Modula 账户。',
    button: '确认新邮箱',
  },
  ko: {
    subject: 'Modula 새 이메일 주소를 인증해 주세요',
    heading: '새 이메일 주소 인증',
    body: 'Modula 계정에 {email} 주소를 사용하려면 인증해 주세요.',
    button: '새 이메일 인증하기',
  },
  ru: {
    subject: 'Подтвердите новый адрес электронной почты для Modula',
    heading: 'Подтвердите новый адрес',
    body: 'Подтвердите, что хотите использовать {email} для своей учётной записи Modula.',
    button: 'Подтвердить новый адрес',
  },
  ar: {
    subject: 'أكّد عنوان بريدك الإلكتروني الجديد في Modula',
    heading: 'أكّد عنوان بريدك الإلكتروني الجديد',
    body: 'يُرجى تأكيد رغبتك في استخدام {email} لحسابك في Modula.',
    button: 'تأكيد البريد الجديد',
  },
  hi: {
    subject: 'Modula के लिए अपना नया ईमेल पता पुष्टि करें',
    heading: 'अपना नया ईमेल पता पुष्टि करें',
    body: 'कृपया पुष्टि करें कि आप अपने Modula खाते के लिए {email} का उपयोग करना चाहते हैं।',
    button: 'नया ईमेल पुष्टि करें',
  },
  tr: {
    subject: 'Modula için yeni e-posta adresinizi doğrulayın',
    heading: 'Yeni e-posta adresinizi doğrulayın',
    body: 'Modula hesabınız için {email} adresini kullanmak istediğinizi lütfen onaylayın.',
    button: 'Yeni e-postayı doğrula',
  },
};

/** Sent to the new address of an email change; confirming it completes the change. */
export const emailChange = defineLinkTemplate(strings);
