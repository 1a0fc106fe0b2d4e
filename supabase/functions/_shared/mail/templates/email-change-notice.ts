import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { emailAddress, personName } from './fields.ts';

interface Strings {
  subject: string;
  heading: string;
  body: string;
  warning: string;
}

const strings: Translations<Strings> = {
  en: {
    subject: 'Your Modula email address is being changed',
    heading: 'Email change requested',
    body: 'Someone asked to change the email address of your Modula account to {email}. The change takes effect once the new address is confirmed.',
    warning: "If this wasn't you, reset your password right away.",
  },
  es: {
    subject: 'Se está cambiando tu dirección de correo de Modula',
    heading: 'Solicitud de cambio de correo',
    body: 'Alguien ha solicitado cambiar la dirección de correo de tu cuenta de Modula a {email}. El cambio se aplicará cuando se confirme la nueva dirección.',
    warning: 'Si no has sido tú, restablece tu contraseña de inmediato.',
  },
  fr: {
    subject: "L'adresse e-mail de votre compte Modula est en cours de modification",
    heading: "Demande de changement d'adresse e-mail",
    body: "Quelqu'un a demandé à remplacer l'adresse e-mail de votre compte Modula par {email}. Le changement prendra effet une fois la nouvelle adresse confirmée.",
    warning: "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe.",
  },
  de: {
    subject: 'Die E-Mail-Adresse Ihres Modula-Kontos wird geändert',
    heading: 'Änderung der E-Mail-Adresse angefordert',
    body: 'Es wurde beantragt, die E-Mail-Adresse Ihres Modula-Kontos in {email} zu ändern. Die Änderung wird wirksam, sobald die neue Adresse bestätigt ist.',
    warning: 'Falls Sie das nicht waren, setzen Sie bitte sofort Ihr Passwort zurück.',
  },
  it: {
    subject: "L'indirizzo email del tuo account Modula sta per cambiare",
    heading: "Richiesta di modifica dell'email",
    body: "È stato richiesto di cambiare l'indirizzo email del tuo account Modula in {email}. La modifica avrà effetto dopo la conferma del nuovo indirizzo.",
    warning: 'Se non sei stato tu, reimposta subito la password.',
  },
  pt: {
    subject: 'O endereço de e-mail da sua conta Modula vai ser alterado',
    heading: 'Pedido de alteração de e-mail',
    body: 'Foi pedida a alteração do endereço de e-mail da sua conta Modula para {email}. A alteração entra em vigor quando o novo endereço for confirmado.',
    warning: 'Se não foi você, redefina já a sua palavra-passe.',
  },
  nl: {
    subject: 'Het e-mailadres van je Modula-account wordt gewijzigd',
    heading: 'Wijziging van e-mailadres aangevraagd',
    body: 'Er is gevraagd om het e-mailadres van je Modula-account te wijzigen in {email}. De wijziging gaat in zodra het nieuwe adres is bevestigd.',
    warning: 'Was jij dit niet? Stel dan direct je wachtwoord opnieuw in.',
  },
  ja: {
    subject: 'Modula のメールアドレス変更のお知らせ',
    heading: 'メールアドレスの変更リクエスト',
    body: 'Modula アカウントのメールアドレスを {email} に変更するリクエストがありました。新しいアドレスが確認されると変更が反映されます。',
    warning: 'お心当たりがない場合は、すぐにパスワードを再設定してください。',
  },
  zh: {
    subject: '您的 Modula 邮箱地址即将更改',
    heading: '已申请更改邮箱',
    body: '有人申请将您的 Modula 账户邮箱更改为 {email}。新地址确认后更改即生效。',
    warning: '如果这不是您本人的操作，请立即重置密码。',
  },
  ko: {
    subject: 'Modula 이메일 주소 변경 안내',
    heading: '이메일 변경 요청',
    body: 'Modula 계정의 이메일 주소를 {email}(으)로 변경해 달라는 요청이 있었습니다. 새 주소가 인증되면 변경이 적용됩니다.',
    warning: '본인이 요청하지 않았다면 즉시 비밀번호를 재설정하세요.',
  },
  ru: {
    subject: 'Адрес электронной почты вашей учётной записи Modula меняется',
    heading: 'Запрошена смена адреса',
    body: 'Поступил запрос на смену адреса электронной почты вашей учётной записи Modula на {email}. Изменение вступит в силу после подтверждения нового адреса.',
    warning: 'Если это были не вы, немедленно сбросьте пароль.',
  },
  ar: {
    subject: 'جارٍ تغيير عنوان البريد الإلكتروني لحسابك في Modula',
    heading: 'طلب تغيير البريد الإلكتروني',
    body: 'طلب أحدهم تغيير عنوان البريد الإلكتروني لحسابك في Modula إلى {email}. يسري التغيير بعد تأكيد العنوان الجديد.',
    warning: 'إذا لم تكن أنت من طلب ذلك، فأعد تعيين كلمة المرور فورًا.',
  },
  hi: {
    subject: 'आपके Modula खाते का ईमेल पता बदला जा रहा है',
    heading: 'ईमेल बदलने का अनुरोध',
    body: 'किसी ने आपके Modula खाते का ईमेल पता {email} में बदलने का अनुरोध किया है। नया पता पुष्टि होने के बाद बदलाव लागू होगा।',
    warning: 'अगर यह आप नहीं थे, तो तुरंत अपना पासवर्ड रीसेट करें।',
  },
  tr: {
    subject: 'Modula e-posta adresiniz değiştiriliyor',
    heading: 'E-posta değişikliği istendi',
    body: 'Modula hesabınızın e-posta adresinin {email} olarak değiştirilmesi istendi. Değişiklik, yeni adres doğrulandığında geçerli olur.',
    warning: 'Bu siz değilseniz hemen şifrenizi sıfırlayın.',
  },
};

/** Sent to the current address when an email change is requested, so a hijack does not go unnoticed. */
export const emailChangeNotice = defineTemplate({
  schema: z.object({ newEmail: emailAddress, name: personName }),
  render(data, language) {
    const s = strings[language];
    return renderEmail(language, {
      subject: s.subject,
      heading: s.heading,
      name: data.name,
      paragraphs: [fill(s.body, { email: data.newEmail })],
      closing: [s.warning],
    });
  },
});
