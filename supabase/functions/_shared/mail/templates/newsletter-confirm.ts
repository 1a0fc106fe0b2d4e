import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { commonStrings } from './common-strings.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { emailAddress, linkUrl, personName } from './fields.ts';

interface NewsletterStrings {
  subject: string;
  heading: string;
  /** Names {email}. */
  body: string;
  button: string;
  /** Names {hours}. */
  validity: string;
}

const strings: Translations<NewsletterStrings> = {
  en: {
    subject: 'Confirm your Modula newsletter subscription',
    heading: 'One more step',
    body: 'Please confirm that you want to receive the Modula newsletter at {email}: news about sustainable modular and prefab homes, new listings and guides.',
    button: 'Confirm subscription',
    validity: 'This link is valid for {hours} hours.',
  },
  es: {
    subject: 'Confirma tu suscripción al boletín de Modula',
    heading: 'Un paso más',
    body: 'Confirma que quieres recibir el boletín de Modula en {email}: novedades sobre casas modulares y prefabricadas sostenibles, nuevos anuncios y guías.',
    button: 'Confirmar suscripción',
    validity: 'Este enlace es válido durante {hours} horas.',
  },
  fr: {
    subject: 'Confirmez votre inscription à la newsletter Modula',
    heading: 'Plus qu’une étape',
    body: 'Veuillez confirmer que vous souhaitez recevoir la newsletter Modula à l’adresse {email} : actualités des maisons modulaires et préfabriquées durables, nouvelles annonces et guides.',
    button: 'Confirmer l’inscription',
    validity: 'Ce lien est valable {hours} heures.',
  },
  de: {
    subject: 'Bestätigen Sie Ihr Abonnement des Modula-Newsletters',
    heading: 'Nur noch ein Schritt',
    body: 'Bitte bestätigen Sie, dass Sie den Modula-Newsletter an {email} erhalten möchten: Neuigkeiten zu nachhaltigen Modul- und Fertighäusern, neue Inserate und Ratgeber.',
    button: 'Abonnement bestätigen',
    validity: 'Dieser Link ist {hours} Stunden gültig.',
  },
  it: {
    subject: 'Conferma l’iscrizione alla newsletter di Modula',
    heading: 'Ancora un passo',
    body: 'Conferma che desideri ricevere la newsletter di Modula all’indirizzo {email}: novità su case modulari e prefabbricate sostenibili, nuovi annunci e guide.',
    button: 'Conferma iscrizione',
    validity: 'Questo link è valido per {hours} ore.',
  },
  pt: {
    subject: 'Confirme a sua subscrição da newsletter da Modula',
    heading: 'Só falta um passo',
    body: 'Confirme que pretende receber a newsletter da Modula em {email}: novidades sobre casas modulares e pré-fabricadas sustentáveis, novos anúncios e guias.',
    button: 'Confirmar subscrição',
    validity: 'Esta ligação é válida durante {hours} horas.',
  },
  nl: {
    subject: 'Bevestig je aanmelding voor de Modula-nieuwsbrief',
    heading: 'Nog één stap',
    body: 'Bevestig dat je de Modula-nieuwsbrief wilt ontvangen op {email}: nieuws over duurzame modulaire en prefab woningen, nieuwe advertenties en gidsen.',
    button: 'Aanmelding bevestigen',
    validity: 'Deze link is {hours} uur geldig.',
  },
  ja: {
    subject: 'Modula ニュースレターの購読を確認してください',
    heading: 'あと少しで完了です',
    body: '{email} で Modula ニュースレターを受け取ることを確認してください。サステナブルなモジュール住宅・プレハブ住宅のニュース、新着物件、ガイドをお届けします。',
    button: '購読を確認する',
    validity: 'このリンクの有効期限は {hours} 時間です。',
  },
  zh: {
    subject: '请确认订阅 Modula 电子报',
    heading: '还差一步',
    body: '请确认您希望通过 {email} 接收 Modula 电子报：可持续模块化和预制房屋资讯、新房源和指南。',
    button: '确认订阅',
    validity: '此链接在 {hours} 小时内有效。',
  },
  ko: {
    subject: 'Modula 뉴스레터 구독을 확인해 주세요',
    heading: '한 단계만 남았습니다',
    body: '{email}(으)로 Modula 뉴스레터를 받으시겠다면 확인해 주세요. 지속 가능한 모듈러·조립식 주택 소식, 새 매물과 가이드를 보내 드립니다.',
    button: '구독 확인',
    validity: '이 링크는 {hours}시간 동안 유효합니다.',
  },
  ru: {
    subject: 'Подтвердите подписку на рассылку Modula',
    heading: 'Остался один шаг',
    body: 'Подтвердите, что хотите получать рассылку Modula на адрес {email}: новости об экологичных модульных и сборных домах, новые объявления и руководства.',
    button: 'Подтвердить подписку',
    validity: 'Ссылка действительна {hours} часов.',
  },
  ar: {
    subject: 'أكّد اشتراكك في النشرة الإخبارية لـ Modula',
    heading: 'خطوة أخيرة',
    body: 'يرجى تأكيد رغبتك في تلقي النشرة الإخبارية لـ Modula على {email}: أخبار المنازل المعيارية والجاهزة المستدامة، والإعلانات الجديدة، والأدلة.',
    button: 'تأكيد الاشتراك',
    validity: 'هذا الرابط صالح لمدة {hours} ساعة.',
  },
  hi: {
    subject: 'Modula न्यूज़लेटर की सदस्यता की पुष्टि करें',
    heading: 'बस एक कदम और',
    body: 'कृपया पुष्टि करें कि आप {email} पर Modula न्यूज़लेटर पाना चाहते हैं: टिकाऊ मॉड्यूलर और प्रीफ़ैब घरों की ख़बरें, नई लिस्टिंग और गाइड।',
    button: 'सदस्यता की पुष्टि करें',
    validity: 'यह लिंक {hours} घंटे तक मान्य है।',
  },
  tr: {
    subject: 'Modula bülten aboneliğinizi onaylayın',
    heading: 'Son bir adım',
    body: 'Modula bültenini {email} adresine almak istediğinizi onaylayın: sürdürülebilir modüler ve prefabrik evler hakkında haberler, yeni ilanlar ve rehberler.',
    button: 'Aboneliği onayla',
    validity: 'Bu bağlantı {hours} saat geçerlidir.',
  },
};

/** Double opt-in for the newsletter (the newsletter-signup function). */
export const newsletterConfirm = defineTemplate({
  schema: z.object({ url: linkUrl, email: emailAddress, name: personName, validHours: z.number().int().positive() }),
  render(data, language) {
    const s = strings[language];
    return renderEmail(language, {
      subject: s.subject,
      heading: s.heading,
      name: data.name,
      paragraphs: [fill(s.body, { email: data.email })],
      action: { label: s.button, url: data.url },
      closing: [fill(s.validity, { hours: data.validHours }), commonStrings[language].ignore],
    });
  },
});
