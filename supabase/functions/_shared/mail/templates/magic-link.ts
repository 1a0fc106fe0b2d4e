import type { Translations } from '../languages.ts';
import { defineLinkTemplate, type LinkStrings } from './link-template.ts';

const strings: Translations<LinkStrings> = {
  en: {
    subject: 'Your Modula sign-in link',
    heading: 'Sign in to Modula',
    body: 'Use the button below to sign in to your Modula account.',
    button: 'Sign in',
  },
  es: {
    subject: 'Tu enlace para iniciar sesión en Modula',
    heading: 'Inicia sesión en Modula',
    body: 'Usa el botón de abajo para iniciar sesión en tu cuenta de Modula.',
    button: 'Iniciar sesión',
  },
  fr: {
    subject: 'Votre lien de connexion Modula',
    heading: 'Connectez-vous à Modula',
    body: 'Utilisez le bouton ci-dessous pour vous connecter à votre compte Modula.',
    button: 'Se connecter',
  },
  de: {
    subject: 'Ihr Anmeldelink für Modula',
    heading: 'Bei Modula anmelden',
    body: 'Melden Sie sich über die Schaltfläche unten bei Ihrem Modula-Konto an.',
    button: 'Anmelden',
  },
  it: {
    subject: 'Il tuo link di accesso a Modula',
    heading: 'Accedi a Modula',
    body: 'Usa il pulsante qui sotto per accedere al tuo account Modula.',
    button: 'Accedi',
  },
  pt: {
    subject: 'O seu link de acesso à Modula',
    heading: 'Inicie sessão na Modula',
    body: 'Utilize o botão abaixo para iniciar sessão na sua conta Modula.',
    button: 'Iniciar sessão',
  },
  nl: {
    subject: 'Je inloglink voor Modula',
    heading: 'Inloggen bij Modula',
    body: 'Gebruik de knop hieronder om in te loggen op je Modula-account.',
    button: 'Inloggen',
  },
  ja: {
    subject: 'Modula のログインリンク',
    heading: 'Modula にログイン',
    body: '下のボタンから Modula アカウントにログインしてください。',
    button: 'ログイン',
  },
  zh: {
    subject: '您的 Modula 登录链接',
    heading: '登录 Modula',
    body: '请点击下方按钮登录您的 Modula 账户。',
    button: '登录',
  },
  ko: {
    subject: 'Modula 로그인 링크',
    heading: 'Modula에 로그인',
    body: '아래 버튼을 눌러 Modula 계정에 로그인하세요.',
    button: '로그인',
  },
  ru: {
    subject: 'Ваша ссылка для входа в Modula',
    heading: 'Вход в Modula',
    body: 'Нажмите кнопку ниже, чтобы войти в свою учётную запись Modula.',
    button: 'Войти',
  },
  ar: {
    subject: 'رابط تسجيل الدخول إلى Modula',
    heading: 'سجّل الدخول إلى Modula',
    body: 'استخدم الزر أدناه لتسجيل الدخول إلى حسابك في Modula.',
    button: 'تسجيل الدخول',
  },
  hi: {
    subject: 'आपका Modula साइन-इन लिंक',
    heading: 'Modula में साइन इन करें',
    body: 'अपने Modula खाते में साइन इन करने के लिए नीचे दिए गए बटन का उपयोग करें।',
    button: 'साइन इन करें',
  },
  tr: {
    subject: 'Modula giriş bağlantınız',
    heading: "Modula'ya giriş yapın",
    body: 'Modula hesabınıza giriş yapmak için aşağıdaki düğmeyi kullanın.',
    button: 'Giriş yap',
  },
};

/** Magic-link sign-in for an existing account: link plus 6-digit code. */
export const magicLink = defineLinkTemplate(strings);
