import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, renderEmail } from './layout.ts';
import { linkUrl, personName } from './fields.ts';

interface WelcomeStrings {
  subject: string;
  heading: string;
  customer: string;
  vendor: string;
  customerButton: string;
  vendorButton: string;
}

const strings: Translations<WelcomeStrings> = {
  en: {
    subject: 'Welcome to Modula',
    heading: 'Welcome to Modula',
    customer: 'Your email is confirmed. Browse sustainable modular and prefab homes, save your favourites and message vendors directly.',
    vendor: 'Your email is confirmed. Complete your company profile, choose a plan and publish your first listing.',
    customerButton: 'Start exploring',
    vendorButton: 'Open your dashboard',
  },
  es: {
    subject: 'Bienvenido a Modula',
    heading: 'Bienvenido a Modula',
    customer: 'Tu correo está confirmado. Explora casas modulares y prefabricadas sostenibles, guarda tus favoritas y escribe directamente a los vendedores.',
    vendor: 'Tu correo está confirmado. Completa el perfil de tu empresa, elige un plan y publica tu primer anuncio.',
    customerButton: 'Empezar a explorar',
    vendorButton: 'Abrir tu panel',
  },
  fr: {
    subject: 'Bienvenue sur Modula',
    heading: 'Bienvenue sur Modula',
    customer: 'Votre adresse e-mail est confirmée. Parcourez des maisons modulaires et préfabriquées durables, enregistrez vos favoris et écrivez directement aux vendeurs.',
    vendor: 'Votre adresse e-mail est confirmée. Complétez le profil de votre entreprise, choisissez une formule et publiez votre première annonce.',
    customerButton: 'Commencer à explorer',
    vendorButton: 'Ouvrir votre tableau de bord',
  },
  de: {
    subject: 'Willkommen bei Modula',
    heading: 'Willkommen bei Modula',
    customer: 'Ihre E-Mail-Adresse ist bestätigt. Entdecken Sie nachhaltige Modul- und Fertighäuser, speichern Sie Favoriten und schreiben Sie Anbietern direkt.',
    vendor: 'Ihre E-Mail-Adresse ist bestätigt. Vervollständigen Sie Ihr Firmenprofil, wählen Sie einen Tarif und veröffentlichen Sie Ihr erstes Inserat.',
    customerButton: 'Jetzt entdecken',
    vendorButton: 'Zum Dashboard',
  },
  it: {
    subject: 'Benvenuto su Modula',
    heading: 'Benvenuto su Modula',
    customer: 'La tua email è confermata. Scopri case modulari e prefabbricate sostenibili, salva i tuoi preferiti e scrivi direttamente ai venditori.',
    vendor: "La tua email è confermata. Completa il profilo della tua azienda, scegli un piano e pubblica il tuo primo annuncio.",
    customerButton: 'Inizia a esplorare',
    vendorButton: 'Apri la tua dashboard',
  },
  pt: {
    subject: 'Bem-vindo à Modula',
    heading: 'Bem-vindo à Modula',
    customer: 'O seu e-mail está confirmado. Explore casas modulares e pré-fabricadas sustentáveis, guarde as suas favoritas e fale diretamente com os vendedores.',
    vendor: 'O seu e-mail está confirmado. Complete o perfil da sua empresa, escolha um plano e publique o seu primeiro anúncio.',
    customerButton: 'Começar a explorar',
    vendorButton: 'Abrir o seu painel',
  },
  nl: {
    subject: 'Welkom bij Modula',
    heading: 'Welkom bij Modula',
    customer: 'Je e-mailadres is bevestigd. Bekijk duurzame modulaire en prefab woningen, bewaar je favorieten en stuur verkopers direct een bericht.',
    vendor: 'Je e-mailadres is bevestigd. Vul je bedrijfsprofiel aan, kies een abonnement en publiceer je eerste advertentie.',
    customerButton: 'Begin met ontdekken',
    vendorButton: 'Open je dashboard',
  },
  ja: {
    subject: 'Modula へようこそ',
    heading: 'Modula へようこそ',
    customer: 'メールアドレスが確認されました。サステナブルなモジュール住宅やプレハブ住宅を探し、お気に入りを保存して、出品者に直接メッセージを送れます。',
    vendor: 'メールアドレスが確認されました。会社プロフィールを完成させ、プランを選んで、最初の物件を掲載しましょう。',
    customerButton: '探し始める',
    vendorButton: 'ダッシュボードを開く',
  },
  zh: {
    subject: '欢迎来到 Modula',
    heading: '欢迎来到 Modula',
    customer: '您的邮箱已确认。浏览可持续的模块化和预制房屋，收藏您喜欢的房源，并直接联系卖家。',
    vendor: '您的邮箱已确认。完善您的公司资料，选择套餐，发布您的第一个房源。',
    customerButton: '开始浏览',
    vendorButton: '打开控制台',
  },
  ko: {
    subject: 'Modula에 오신 것을 환영합니다',
    heading: 'Modula에 오신 것을 환영합니다',
    customer: '이메일이 확인되었습니다. 지속 가능한 모듈러 주택과 조립식 주택을 둘러보고, 마음에 드는 매물을 저장하고, 판매자에게 바로 메시지를 보내 보세요.',
    vendor: '이메일이 확인되었습니다. 회사 프로필을 완성하고 요금제를 선택한 뒤 첫 매물을 등록해 보세요.',
    customerButton: '둘러보기 시작',
    vendorButton: '대시보드 열기',
  },
  ru: {
    subject: 'Добро пожаловать в Modula',
    heading: 'Добро пожаловать в Modula',
    customer: 'Ваш адрес электронной почты подтверждён. Смотрите экологичные модульные и сборные дома, сохраняйте понравившиеся и пишите продавцам напрямую.',
    vendor: 'Ваш адрес электронной почты подтверждён. Заполните профиль компании, выберите тариф и опубликуйте первое объявление.',
    customerButton: 'Начать поиск',
    vendorButton: 'Открыть панель',
  },
  ar: {
    subject: 'مرحبًا بك في Modula',
    heading: 'مرحبًا بك في Modula',
    customer: 'تم تأكيد بريدك الإلكتروني. تصفّح المنازل المعيارية والجاهزة المستدامة، واحفظ مفضلاتك، وراسل البائعين مباشرة.',
    vendor: 'تم تأكيد بريدك الإلكتروني. أكمل ملف شركتك، واختر خطة، وانشر إعلانك الأول.',
    customerButton: 'ابدأ الاستكشاف',
    vendorButton: 'افتح لوحة التحكم',
  },
  hi: {
    subject: 'Modula में आपका स्वागत है',
    heading: 'Modula में आपका स्वागत है',
    customer: 'आपका ईमेल पुष्टि हो गया है। टिकाऊ मॉड्यूलर और प्रीफ़ैब घर देखें, अपने पसंदीदा सहेजें और विक्रेताओं को सीधे संदेश भेजें।',
    vendor: 'आपका ईमेल पुष्टि हो गया है। अपनी कंपनी प्रोफ़ाइल पूरी करें, एक प्लान चुनें और अपनी पहली लिस्टिंग प्रकाशित करें।',
    customerButton: 'खोजना शुरू करें',
    vendorButton: 'अपना डैशबोर्ड खोलें',
  },
  tr: {
    subject: "Modula'ya hoş geldiniz",
    heading: "Modula'ya hoş geldiniz",
    customer: 'E-posta adresiniz onaylandı. Sürdürülebilir modüler ve prefabrik evlere göz atın, favorilerinizi kaydedin ve satıcılara doğrudan mesaj gönderin.',
    vendor: 'E-posta adresiniz onaylandı. Şirket profilinizi tamamlayın, bir plan seçin ve ilk ilanınızı yayınlayın.',
    customerButton: 'Keşfetmeye başlayın',
    vendorButton: 'Panelinizi açın',
  },
};

/** Sent once, after the user confirmed their email (the auth-email function, type "welcome"). */
export const welcome = defineTemplate({
  schema: z.object({
    name: personName,
    userType: z.enum(['customer', 'vendor']).nullish(),
    /** Where the button leads: the listings for customers, the dashboard for vendors. */
    url: linkUrl,
  }),
  render(data, language) {
    const s = strings[language];
    const vendor = data.userType === 'vendor';
    return renderEmail(language, {
      subject: s.subject,
      heading: s.heading,
      name: data.name,
      paragraphs: [vendor ? s.vendor : s.customer],
      action: { label: vendor ? s.vendorButton : s.customerButton, url: data.url },
    });
  },
});
