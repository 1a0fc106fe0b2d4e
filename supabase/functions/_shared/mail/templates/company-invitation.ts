import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, renderEmail } from './layout.ts';
import { linkUrl, personName } from './fields.ts';

interface InvitationStrings {
  subject: string;
  body: string;
  how: string;
  button: string;
}

const strings: Translations<InvitationStrings> = {
  en: { subject: 'Join {company} on Modula', body: '{inviter} invited you to join {company} on Modula, to publish and manage its listings together.', how: 'Sign in with this email address (or create a vendor account with it) and accept the invitation on your dashboard.', button: 'Open your dashboard' },
  es: { subject: 'Únete a {company} en Modula', body: '{inviter} te ha invitado a unirte a {company} en Modula para publicar y gestionar juntos sus anuncios.', how: 'Inicia sesión con esta dirección de correo (o crea una cuenta de vendedor con ella) y acepta la invitación en tu panel.', button: 'Abrir tu panel' },
  fr: { subject: 'Rejoignez {company} sur Modula', body: '{inviter} vous invite à rejoindre {company} sur Modula pour publier et gérer ensemble ses annonces.', how: 'Connectez-vous avec cette adresse e-mail (ou créez un compte vendeur avec elle) et acceptez l’invitation dans votre tableau de bord.', button: 'Ouvrir votre tableau de bord' },
  de: { subject: 'Treten Sie {company} auf Modula bei', body: '{inviter} hat Sie eingeladen, {company} auf Modula beizutreten und die Inserate gemeinsam zu veröffentlichen und zu verwalten.', how: 'Melden Sie sich mit dieser E-Mail-Adresse an (oder erstellen Sie damit ein Anbieterkonto) und nehmen Sie die Einladung in Ihrem Dashboard an.', button: 'Zum Dashboard' },
  it: { subject: 'Unisciti a {company} su Modula', body: '{inviter} ti ha invitato a unirti a {company} su Modula per pubblicare e gestire insieme i suoi annunci.', how: 'Accedi con questo indirizzo email (o crea con esso un account venditore) e accetta l’invito dal tuo pannello.', button: 'Apri il tuo pannello' },
  pt: { subject: 'Junte-se a {company} na Modula', body: '{inviter} convidou-o para se juntar a {company} na Modula, para publicarem e gerirem juntos os seus anúncios.', how: 'Inicie sessão com este endereço de e-mail (ou crie com ele uma conta de vendedor) e aceite o convite no seu painel.', button: 'Abrir o seu painel' },
  nl: { subject: 'Word lid van {company} op Modula', body: '{inviter} heeft je uitgenodigd om lid te worden van {company} op Modula, om samen de advertenties te publiceren en te beheren.', how: 'Log in met dit e-mailadres (of maak er een verkopersaccount mee aan) en accepteer de uitnodiging in je dashboard.', button: 'Open je dashboard' },
  ja: { subject: 'Modulaで{company}に参加しましょう', body: '{inviter}さんから、Modulaで{company}に参加し、掲載を一緒に公開・管理するための招待が届いています。', how: 'このメールアドレスでログイン（またはこのアドレスで出品者アカウントを作成）し、ダッシュボードで招待を承認してください。', button: 'ダッシュボードを開く' },
  zh: { subject: '在 Modula 上加入 {company}', body: '{inviter} 邀请您在 Modula 上加入 {company}，一起发布和管理房源。', how: '请使用此邮箱登录（或用它创建卖家账户），然后在控制台中接受邀请。', button: '打开控制台' },
  ko: { subject: 'Modula에서 {company}에 참여하세요', body: '{inviter}님이 Modula에서 {company}에 참여해 함께 매물을 게시하고 관리하자고 초대했습니다.', how: '이 이메일 주소로 로그인하거나(또는 이 주소로 판매자 계정을 만든 뒤) 대시보드에서 초대를 수락하세요.', button: '대시보드 열기' },
  ru: { subject: 'Присоединяйтесь к {company} на Modula', body: '{inviter} приглашает вас в компанию {company} на Modula, чтобы вместе публиковать объявления и управлять ими.', how: 'Войдите с этим адресом электронной почты (или создайте с ним аккаунт продавца) и примите приглашение в своей панели.', button: 'Открыть панель' },
  ar: { subject: 'انضم إلى {company} على Modula', body: 'دعاك {inviter} للانضمام إلى {company} على Modula لنشر إعلاناتها وإدارتها معًا.', how: 'سجّل الدخول بهذا البريد الإلكتروني (أو أنشئ به حساب بائع) واقبل الدعوة من لوحة التحكم.', button: 'افتح لوحة التحكم' },
  hi: { subject: 'Modula पर {company} से जुड़ें', body: '{inviter} ने आपको Modula पर {company} से जुड़ने और मिलकर उसकी लिस्टिंग प्रकाशित व प्रबंधित करने के लिए आमंत्रित किया है।', how: 'इस ईमेल पते से साइन इन करें (या इससे विक्रेता खाता बनाएँ) और अपने डैशबोर्ड में आमंत्रण स्वीकार करें।', button: 'अपना डैशबोर्ड खोलें' },
  tr: { subject: 'Modula’da {company} şirketine katılın', body: '{inviter} sizi Modula’da {company} şirketine katılmaya ve ilanlarını birlikte yayınlayıp yönetmeye davet etti.', how: 'Bu e-posta adresiyle giriş yapın (veya bu adresle bir satıcı hesabı oluşturun) ve davetinizi panelinizden kabul edin.', button: 'Panelinizi açın' },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** Sent to an address a company owner invited (invite_to_company). */
export const companyInvitation = defineTemplate({
  schema: z.object({
    name: personName,
    company: z.string().min(1).max(200),
    inviter: z.string().min(1).max(200),
    url: linkUrl,
  }),
  render(data, language) {
    const s = strings[language];
    const values = { company: data.company, inviter: data.inviter };
    return renderEmail(language, {
      subject: fill(s.subject, values),
      heading: fill(s.subject, values),
      name: data.name,
      paragraphs: [fill(s.body, values), s.how],
      action: { label: s.button, url: data.url },
    });
  },
});
