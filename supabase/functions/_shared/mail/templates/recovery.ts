import type { Translations } from '../languages.ts';
import { defineLinkTemplate, type LinkStrings } from './link-template.ts';

const strings: Translations<LinkStrings> = {
  en: {
    subject: 'Reset your Modula password',
    heading: 'Reset your password',
    body: 'We received a request to reset the password of your Modula account. Choose a new password with the button below.',
    button: 'Reset password',
  },
  es: {
    subject: 'Restablece tu contraseña de Modula',
    heading: 'Restablece tu contraseña',
    body: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Modula. Elige una nueva contraseña con el botón de abajo.',
    button: 'Restablecer contraseña',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Modula',
    heading: 'Réinitialisez votre mot de passe',
    body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Modula. Choisissez un nouveau mot de passe avec le bouton ci-dessous.',
    button: 'Réinitialiser le mot de passe',
  },
  de: {
    subject: 'Setzen Sie Ihr Modula-Passwort zurück',
    heading: 'Passwort zurücksetzen',
    body: 'Wir haben eine Anfrage erhalten, das Passwort Ihres Modula-Kontos zurückzusetzen. Wählen Sie über die Schaltfläche unten ein neues Passwort.',
    button: 'Passwort zurücksetzen',
  },
  it: {
    subject: 'Reimposta la tua password di Modula',
    heading: 'Reimposta la password',
    body: 'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account Modula. Scegli una nuova password con il pulsante qui sotto.',
    button: 'Reimposta password',
  },
  pt: {
    subject: 'Redefina a sua palavra-passe da Modula',
    heading: 'Redefina a sua palavra-passe',
    body: 'Recebemos um pedido para redefinir a palavra-passe da sua conta Modula. Escolha uma nova palavra-passe com o botão abaixo.',
    button: 'Redefinir palavra-passe',
  },
  nl: {
    subject: 'Stel je Modula-wachtwoord opnieuw in',
    heading: 'Wachtwoord opnieuw instellen',
    body: 'We hebben een verzoek ontvangen om het wachtwoord van je Modula-account opnieuw in te stellen. Kies met de knop hieronder een nieuw wachtwoord.',
    button: 'Wachtwoord opnieuw instellen',
  },
  ja: {
    subject: 'Modula のパスワード再設定',
    heading: 'パスワードの再設定',
    body: 'Modula アカウントのパスワード再設定のリクエストを受け付けました。下のボタンから新しいパスワードを設定してください。',
    button: 'パスワードを再設定する',
  },
  zh: {
    subject: '重置您的 Modula 密码',
    heading: '重置密码',
    body: '我们收到了重置您 Modula 账户密码的请求。请点击下方按钮设置新密码。',
    button: '重置密码',
  },
  ko: {
    subject: 'Modula 비밀번호 재설정',
    heading: '비밀번호 재설정',
    body: 'Modula 계정의 비밀번호 재설정 요청을 받았습니다. 아래 버튼을 눌러 새 비밀번호를 설정하세요.',
    button: '비밀번호 재설정',
  },
  ru: {
    subject: 'Сброс пароля Modula',
    heading: 'Сброс пароля',
    body: 'Мы получили запрос на сброс пароля вашей учётной записи Modula. Задайте новый пароль с помощью кнопки ниже.',
    button: 'Сбросить пароль',
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور Modula',
    heading: 'أعد تعيين كلمة المرور',
    body: 'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في Modula. اختر كلمة مرور جديدة باستخدام الزر أدناه.',
    button: 'إعادة تعيين كلمة المرور',
  },
  hi: {
    subject: 'अपना Modula पासवर्ड रीसेट करें',
    heading: 'अपना पासवर्ड रीसेट करें',
    body: 'हमें आपके Modula खाते का पासवर्ड रीसेट करने का अनुरोध मिला है। नीचे दिए गए बटन से नया पासवर्ड चुनें।',
    button: 'पासवर्ड रीसेट करें',
  },
  tr: {
    subject: 'Modula şifrenizi sıfırlayın',
    heading: 'Şifrenizi sıfırlayın',
    body: 'Modula hesabınızın şifresini sıfırlama talebi aldık. Aşağıdaki düğmeyle yeni bir şifre belirleyin.',
    button: 'Şifreyi sıfırla',
  },
};

/** Password recovery: the link signs the user in for a password change. */
export const recovery = defineLinkTemplate(strings);
