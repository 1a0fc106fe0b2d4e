import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { linkUrl, personName } from './fields.ts';

interface Strings {
  unpublishedSubject: string;
  unpublishedHeading: string;
  unpublishedBody: string;
  republishedSubject: string;
  republishedHeading: string;
  republishedBody: string;
  reason: string;
  action: string;
  help: string;
}

const strings: Translations<Strings> = {
  en: {
    unpublishedSubject: 'Your listing “{title}” was unpublished',
    unpublishedHeading: 'Listing unpublished',
    unpublishedBody: 'The Modula team has unpublished your listing “{title}”. It is no longer shown in the catalogue.',
    republishedSubject: 'Your listing “{title}” is published again',
    republishedHeading: 'Listing published again',
    republishedBody: 'The Modula team has published your listing “{title}” again. It is shown in the catalogue.',
    reason: 'Reason: {reason}',
    action: 'Open your dashboard',
    help: 'Questions? Reply through the contact page and we will get back to you.',
  },
  es: {
    unpublishedSubject: 'Tu anuncio «{title}» se ha retirado',
    unpublishedHeading: 'Anuncio retirado',
    unpublishedBody: 'El equipo de Modula ha retirado tu anuncio «{title}». Ya no aparece en el catálogo.',
    republishedSubject: 'Tu anuncio «{title}» vuelve a estar publicado',
    republishedHeading: 'Anuncio publicado de nuevo',
    republishedBody: 'El equipo de Modula ha vuelto a publicar tu anuncio «{title}». Ya aparece en el catálogo.',
    reason: 'Motivo: {reason}',
    action: 'Abrir tu panel',
    help: '¿Tienes preguntas? Escríbenos desde la página de contacto y te responderemos.',
  },
  fr: {
    unpublishedSubject: 'Votre annonce « {title} » a été dépubliée',
    unpublishedHeading: 'Annonce dépubliée',
    unpublishedBody: "L'équipe Modula a dépublié votre annonce « {title} ». Elle n'apparaît plus dans le catalogue.",
    republishedSubject: 'Votre annonce « {title} » est de nouveau publiée',
    republishedHeading: 'Annonce de nouveau publiée',
    republishedBody: "L'équipe Modula a de nouveau publié votre annonce « {title} ». Elle apparaît dans le catalogue.",
    reason: 'Motif : {reason}',
    action: 'Ouvrir votre tableau de bord',
    help: 'Des questions ? Écrivez-nous depuis la page de contact, nous vous répondrons.',
  },
  de: {
    unpublishedSubject: 'Ihr Inserat „{title}“ wurde deaktiviert',
    unpublishedHeading: 'Inserat deaktiviert',
    unpublishedBody: 'Das Modula-Team hat Ihr Inserat „{title}“ deaktiviert. Es wird nicht mehr im Katalog angezeigt.',
    republishedSubject: 'Ihr Inserat „{title}“ ist wieder veröffentlicht',
    republishedHeading: 'Inserat wieder veröffentlicht',
    republishedBody: 'Das Modula-Team hat Ihr Inserat „{title}“ wieder veröffentlicht. Es wird im Katalog angezeigt.',
    reason: 'Grund: {reason}',
    action: 'Dashboard öffnen',
    help: 'Fragen? Schreiben Sie uns über die Kontaktseite, wir melden uns.',
  },
  it: {
    unpublishedSubject: 'Il tuo annuncio «{title}» è stato ritirato',
    unpublishedHeading: 'Annuncio ritirato',
    unpublishedBody: 'Il team di Modula ha ritirato il tuo annuncio «{title}». Non è più visibile nel catalogo.',
    republishedSubject: 'Il tuo annuncio «{title}» è di nuovo pubblicato',
    republishedHeading: 'Annuncio di nuovo pubblicato',
    republishedBody: 'Il team di Modula ha pubblicato di nuovo il tuo annuncio «{title}». È visibile nel catalogo.',
    reason: 'Motivo: {reason}',
    action: 'Apri la tua dashboard',
    help: 'Domande? Scrivici dalla pagina contatti e ti risponderemo.',
  },
  pt: {
    unpublishedSubject: 'O seu anúncio «{title}» foi despublicado',
    unpublishedHeading: 'Anúncio despublicado',
    unpublishedBody: 'A equipa Modula despublicou o seu anúncio «{title}». Já não aparece no catálogo.',
    republishedSubject: 'O seu anúncio «{title}» está publicado de novo',
    republishedHeading: 'Anúncio publicado de novo',
    republishedBody: 'A equipa Modula voltou a publicar o seu anúncio «{title}». Aparece no catálogo.',
    reason: 'Motivo: {reason}',
    action: 'Abrir o seu painel',
    help: 'Tem dúvidas? Escreva-nos pela página de contacto e responderemos.',
  },
  nl: {
    unpublishedSubject: 'Je advertentie ‘{title}’ is offline gehaald',
    unpublishedHeading: 'Advertentie offline gehaald',
    unpublishedBody: 'Het Modula-team heeft je advertentie ‘{title}’ offline gehaald. Ze staat niet meer in de catalogus.',
    republishedSubject: 'Je advertentie ‘{title}’ is weer gepubliceerd',
    republishedHeading: 'Advertentie weer gepubliceerd',
    republishedBody: 'Het Modula-team heeft je advertentie ‘{title}’ weer gepubliceerd. Ze staat in de catalogus.',
    reason: 'Reden: {reason}',
    action: 'Open je dashboard',
    help: 'Vragen? Schrijf ons via de contactpagina, dan nemen we contact met je op.',
  },
  ja: {
    unpublishedSubject: '掲載「{title}」が非公開になりました',
    unpublishedHeading: '掲載を非公開にしました',
    unpublishedBody: 'Modula チームが掲載「{title}」を非公開にしました。カタログには表示されません。',
    republishedSubject: '掲載「{title}」が再公開されました',
    republishedHeading: '掲載を再公開しました',
    republishedBody: 'Modula チームが掲載「{title}」を再公開しました。カタログに表示されます。',
    reason: '理由：{reason}',
    action: 'ダッシュボードを開く',
    help: 'ご不明な点はお問い合わせページからご連絡ください。',
  },
  zh: {
    unpublishedSubject: '您的房源“{title}”已下架',
    unpublishedHeading: '房源已下架',
    unpublishedBody: 'Modula 团队已将您的房源“{title}”下架，它不再显示在目录中。',
    republishedSubject: '您的房源“{title}”已重新发布',
    republishedHeading: '房源已重新发布',
    republishedBody: 'Modula 团队已重新发布您的房源“{title}”，它会显示在目录中。',
    reason: '原因：{reason}',
    action: '打开控制台',
    help: '如有疑问，请通过联系页面与我们联系。',
  },
  ko: {
    unpublishedSubject: '매물 “{title}”이(가) 게시 중단되었습니다',
    unpublishedHeading: '매물 게시 중단',
    unpublishedBody: 'Modula 팀이 매물 “{title}”의 게시를 중단했습니다. 더 이상 카탈로그에 표시되지 않습니다.',
    republishedSubject: '매물 “{title}”이(가) 다시 게시되었습니다',
    republishedHeading: '매물 재게시',
    republishedBody: 'Modula 팀이 매물 “{title}”을(를) 다시 게시했습니다. 카탈로그에 표시됩니다.',
    reason: '사유: {reason}',
    action: '대시보드 열기',
    help: '궁금한 점은 문의 페이지로 연락해 주세요.',
  },
  ru: {
    unpublishedSubject: 'Ваше объявление «{title}» снято с публикации',
    unpublishedHeading: 'Объявление снято с публикации',
    unpublishedBody: 'Команда Modula сняла ваше объявление «{title}» с публикации. Оно больше не показывается в каталоге.',
    republishedSubject: 'Ваше объявление «{title}» снова опубликовано',
    republishedHeading: 'Объявление снова опубликовано',
    republishedBody: 'Команда Modula снова опубликовала ваше объявление «{title}». Оно показывается в каталоге.',
    reason: 'Причина: {reason}',
    action: 'Открыть панель управления',
    help: 'Есть вопросы? Напишите нам через страницу контактов, и мы ответим.',
  },
  ar: {
    unpublishedSubject: 'تم إلغاء نشر إعلانك «{title}»',
    unpublishedHeading: 'تم إلغاء نشر الإعلان',
    unpublishedBody: 'ألغى فريق Modula نشر إعلانك «{title}». لم يعد يظهر في الكتالوج.',
    republishedSubject: 'أُعيد نشر إعلانك «{title}»',
    republishedHeading: 'أُعيد نشر الإعلان',
    republishedBody: 'أعاد فريق Modula نشر إعلانك «{title}». وهو يظهر الآن في الكتالوج.',
    reason: 'السبب: {reason}',
    action: 'افتح لوحة التحكم',
    help: 'لديك أسئلة؟ راسلنا عبر صفحة التواصل وسنرد عليك.',
  },
  hi: {
    unpublishedSubject: 'आपकी लिस्टिंग “{title}” अप्रकाशित कर दी गई',
    unpublishedHeading: 'लिस्टिंग अप्रकाशित',
    unpublishedBody: 'Modula टीम ने आपकी लिस्टिंग “{title}” अप्रकाशित कर दी है। अब यह कैटलॉग में नहीं दिखती।',
    republishedSubject: 'आपकी लिस्टिंग “{title}” फिर से प्रकाशित है',
    republishedHeading: 'लिस्टिंग फिर से प्रकाशित',
    republishedBody: 'Modula टीम ने आपकी लिस्टिंग “{title}” फिर से प्रकाशित कर दी है। यह कैटलॉग में दिखती है।',
    reason: 'कारण: {reason}',
    action: 'अपना डैशबोर्ड खोलें',
    help: 'कोई प्रश्न? संपर्क पृष्ठ से हमें लिखें, हम जवाब देंगे।',
  },
  tr: {
    unpublishedSubject: '“{title}” ilanınız yayından kaldırıldı',
    unpublishedHeading: 'İlan yayından kaldırıldı',
    unpublishedBody: 'Modula ekibi “{title}” ilanınızı yayından kaldırdı. İlan artık katalogda gösterilmiyor.',
    republishedSubject: '“{title}” ilanınız yeniden yayında',
    republishedHeading: 'İlan yeniden yayında',
    republishedBody: 'Modula ekibi “{title}” ilanınızı yeniden yayınladı. İlan katalogda gösteriliyor.',
    reason: 'Gerekçe: {reason}',
    action: 'Panelinizi açın',
    help: 'Sorularınız mı var? İletişim sayfasından bize yazın, size dönelim.',
  },
};

/** Sent to a listing's company owner when an administrator unpublishes or republishes it (issue 17). */
export const listingModeration = defineTemplate({
  schema: z.object({
    action: z.enum(['unpublished', 'republished']),
    listingTitle: z.string().min(1).max(200),
    reason: z.string().min(1).max(2000),
    url: linkUrl,
    name: personName,
  }),
  render(data, language) {
    const s = strings[language];
    const unpublished = data.action === 'unpublished';
    const values = { title: data.listingTitle, reason: data.reason };
    return renderEmail(language, {
      subject: fill(unpublished ? s.unpublishedSubject : s.republishedSubject, values),
      heading: unpublished ? s.unpublishedHeading : s.republishedHeading,
      name: data.name,
      paragraphs: [fill(unpublished ? s.unpublishedBody : s.republishedBody, values), fill(s.reason, values)],
      action: { label: s.action, url: data.url },
      closing: [s.help],
    });
  },
});
