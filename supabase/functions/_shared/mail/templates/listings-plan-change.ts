import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { linkUrl, personName } from './fields.ts';

interface Strings {
  unpublishedSubject: string;
  unpublished: string;
  republishedSubject: string;
  republished: string;
  button: string;
}

// {plan} is the plan's name (Free, Starter, Entrepreneur, Pro), the same word in every language.
const strings: Translations<Strings> = {
  en: {
    unpublishedSubject: 'Some of your listings were unpublished',
    unpublished: 'Your company is now on the {plan} plan, which allows fewer published listings. These listings were unpublished (not deleted); choose a larger plan to publish them again:',
    republishedSubject: 'Your listings are published again',
    republished: 'Your company is now on the {plan} plan. These listings, unpublished earlier because of the plan limit, are published again:',
    button: 'See plans',
  },
  es: {
    unpublishedSubject: 'Algunos de tus anuncios se han despublicado',
    unpublished: 'Tu empresa tiene ahora el plan {plan}, que permite menos anuncios publicados. Estos anuncios se han despublicado (no eliminado); elige un plan mayor para publicarlos de nuevo:',
    republishedSubject: 'Tus anuncios vuelven a estar publicados',
    republished: 'Tu empresa tiene ahora el plan {plan}. Estos anuncios, despublicados antes por el límite del plan, vuelven a estar publicados:',
    button: 'Ver planes',
  },
  fr: {
    unpublishedSubject: 'Certaines de vos annonces ont été dépubliées',
    unpublished: "Votre entreprise est désormais sur la formule {plan}, qui permet moins d'annonces publiées. Ces annonces ont été dépubliées (pas supprimées) ; choisissez une formule supérieure pour les publier à nouveau :",
    republishedSubject: 'Vos annonces sont de nouveau publiées',
    republished: 'Votre entreprise est désormais sur la formule {plan}. Ces annonces, dépubliées auparavant à cause de la limite de la formule, sont de nouveau publiées :',
    button: 'Voir les formules',
  },
  de: {
    unpublishedSubject: 'Einige Ihrer Inserate wurden offline genommen',
    unpublished: 'Ihr Unternehmen hat jetzt den Tarif {plan}, der weniger veröffentlichte Inserate erlaubt. Diese Inserate wurden offline genommen (nicht gelöscht); wählen Sie einen größeren Tarif, um sie wieder zu veröffentlichen:',
    republishedSubject: 'Ihre Inserate sind wieder veröffentlicht',
    republished: 'Ihr Unternehmen hat jetzt den Tarif {plan}. Diese Inserate, die wegen des Tariflimits offline genommen wurden, sind wieder veröffentlicht:',
    button: 'Tarife ansehen',
  },
  it: {
    unpublishedSubject: 'Alcuni tuoi annunci non sono più pubblicati',
    unpublished: 'La tua azienda ora ha il piano {plan}, che consente meno annunci pubblicati. Questi annunci sono stati ritirati (non eliminati); scegli un piano più ampio per pubblicarli di nuovo:',
    republishedSubject: 'I tuoi annunci sono di nuovo pubblicati',
    republished: 'La tua azienda ora ha il piano {plan}. Questi annunci, ritirati in precedenza per il limite del piano, sono di nuovo pubblicati:',
    button: 'Vedi i piani',
  },
  pt: {
    unpublishedSubject: 'Alguns dos seus anúncios foram despublicados',
    unpublished: 'A sua empresa tem agora o plano {plan}, que permite menos anúncios publicados. Estes anúncios foram despublicados (não eliminados); escolha um plano maior para os publicar novamente:',
    republishedSubject: 'Os seus anúncios foram publicados novamente',
    republished: 'A sua empresa tem agora o plano {plan}. Estes anúncios, despublicados antes devido ao limite do plano, foram publicados novamente:',
    button: 'Ver planos',
  },
  nl: {
    unpublishedSubject: 'Een deel van je advertenties is offline gehaald',
    unpublished: 'Je bedrijf heeft nu het {plan}-abonnement, dat minder gepubliceerde advertenties toestaat. Deze advertenties zijn offline gehaald (niet verwijderd); kies een groter abonnement om ze weer te publiceren:',
    republishedSubject: 'Je advertenties zijn weer gepubliceerd',
    republished: 'Je bedrijf heeft nu het {plan}-abonnement. Deze advertenties, eerder offline gehaald door de limiet van het abonnement, zijn weer gepubliceerd:',
    button: 'Abonnementen bekijken',
  },
  ja: {
    unpublishedSubject: '一部の掲載が非公開になりました',
    unpublished: '貴社のプランは {plan} になり、公開できる掲載数が減りました。次の掲載は非公開になりました（削除はされていません）。上位プランを選ぶと再び公開されます:',
    republishedSubject: '掲載が再び公開されました',
    republished: '貴社のプランは {plan} になりました。プランの上限により非公開になっていた次の掲載が再び公開されました:',
    button: 'プランを見る',
  },
  zh: {
    unpublishedSubject: '您的部分房源已下架',
    unpublished: '贵公司现在使用 {plan} 套餐，可发布的房源更少。以下房源已下架（未删除）；选择更高的套餐即可重新发布：',
    republishedSubject: '您的房源已重新发布',
    republished: '贵公司现在使用 {plan} 套餐。以下此前因套餐限制而下架的房源已重新发布：',
    button: '查看套餐',
  },
  ko: {
    unpublishedSubject: '일부 매물이 게시 중단되었습니다',
    unpublished: '회사 요금제가 {plan}(으)로 변경되어 게시할 수 있는 매물 수가 줄었습니다. 다음 매물은 게시 중단되었습니다(삭제되지 않음). 더 큰 요금제를 선택하면 다시 게시됩니다:',
    republishedSubject: '매물이 다시 게시되었습니다',
    republished: '회사 요금제가 {plan}(으)로 변경되었습니다. 요금제 한도로 게시 중단되었던 다음 매물이 다시 게시되었습니다:',
    button: '요금제 보기',
  },
  ru: {
    unpublishedSubject: 'Некоторые ваши объявления сняты с публикации',
    unpublished: 'Ваша компания теперь на тарифе {plan}, который допускает меньше опубликованных объявлений. Эти объявления сняты с публикации (не удалены); выберите тариф побольше, чтобы опубликовать их снова:',
    republishedSubject: 'Ваши объявления снова опубликованы',
    republished: 'Ваша компания теперь на тарифе {plan}. Эти объявления, ранее снятые из-за лимита тарифа, снова опубликованы:',
    button: 'Посмотреть тарифы',
  },
  ar: {
    unpublishedSubject: 'تم إلغاء نشر بعض إعلاناتك',
    unpublished: 'أصبحت شركتك على خطة {plan} التي تسمح بعدد أقل من الإعلانات المنشورة. تم إلغاء نشر هذه الإعلانات (دون حذفها)؛ اختر خطة أكبر لنشرها من جديد:',
    republishedSubject: 'أُعيد نشر إعلاناتك',
    republished: 'أصبحت شركتك على خطة {plan}. أُعيد نشر هذه الإعلانات التي أُلغي نشرها سابقًا بسبب حد الخطة:',
    button: 'عرض الخطط',
  },
  hi: {
    unpublishedSubject: 'आपकी कुछ लिस्टिंग अप्रकाशित कर दी गईं',
    unpublished: 'आपकी कंपनी अब {plan} प्लान पर है, जिसमें कम प्रकाशित लिस्टिंग की अनुमति है। ये लिस्टिंग अप्रकाशित कर दी गईं (हटाई नहीं गईं); इन्हें फिर से प्रकाशित करने के लिए बड़ा प्लान चुनें:',
    republishedSubject: 'आपकी लिस्टिंग फिर से प्रकाशित हो गईं',
    republished: 'आपकी कंपनी अब {plan} प्लान पर है। प्लान की सीमा के कारण पहले अप्रकाशित की गई ये लिस्टिंग फिर से प्रकाशित हो गईं:',
    button: 'प्लान देखें',
  },
  tr: {
    unpublishedSubject: 'Bazı ilanlarınız yayından kaldırıldı',
    unpublished: 'Şirketiniz artık daha az yayınlanmış ilana izin veren {plan} planında. Bu ilanlar yayından kaldırıldı (silinmedi); yeniden yayınlamak için daha büyük bir plan seçin:',
    republishedSubject: 'İlanlarınız yeniden yayında',
    republished: 'Şirketiniz artık {plan} planında. Plan sınırı nedeniyle daha önce yayından kaldırılan bu ilanlar yeniden yayında:',
    button: 'Planları görün',
  },
};

/** A company's listings taken offline after a downgrade or an ended plan, or published again after an upgrade. */
export const listingsPlanChange = defineTemplate({
  schema: z.object({
    name: personName,
    kind: z.enum(['unpublished', 'republished']),
    plan: z.string().min(1).max(40),
    titles: z.array(z.string().max(200)).min(1).max(200),
    url: linkUrl,
  }),
  render(data, language) {
    const s = strings[language];
    const unpublished = data.kind === 'unpublished';
    return renderEmail(language, {
      subject: unpublished ? s.unpublishedSubject : s.republishedSubject,
      heading: unpublished ? s.unpublishedSubject : s.republishedSubject,
      name: data.name,
      paragraphs: [fill(unpublished ? s.unpublished : s.republished, { plan: data.plan }), ...data.titles.map((t) => `• ${t}`)],
      action: { label: s.button, url: data.url },
    });
  },
});
