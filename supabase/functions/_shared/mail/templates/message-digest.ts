import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { linkUrl, personName } from './fields.ts';

interface Strings {
  subject: string;
  heading: string;
  introAbout: string;
  intro: string;
  count: string;
  attachment: string;
  quotation: string;
  meeting: string;
  action: string;
  closing: string;
}

const strings: Translations<Strings> = {
  en: {
    subject: 'New messages from {name}',
    heading: 'You have unread messages',
    introAbout: '{name} wrote to you about “{listing}”:',
    intro: '{name} wrote to you:',
    count: 'Unread messages: {count}',
    attachment: 'Attachment: {name}',
    quotation: 'Quotation: {title}',
    meeting: 'An update about your tour',
    action: 'Reply in Modula',
    closing: 'You get at most one of these emails per conversation an hour.',
  },
  es: {
    subject: 'Nuevos mensajes de {name}',
    heading: 'Tienes mensajes sin leer',
    introAbout: '{name} te ha escrito sobre «{listing}»:',
    intro: '{name} te ha escrito:',
    count: 'Mensajes sin leer: {count}',
    attachment: 'Archivo adjunto: {name}',
    quotation: 'Presupuesto: {title}',
    meeting: 'Novedades sobre tu visita',
    action: 'Responder en Modula',
    closing: 'Recibes como máximo uno de estos correos por conversación cada hora.',
  },
  fr: {
    subject: 'Nouveaux messages de {name}',
    heading: 'Vous avez des messages non lus',
    introAbout: '{name} vous a écrit au sujet de « {listing} » :',
    intro: '{name} vous a écrit :',
    count: 'Messages non lus : {count}',
    attachment: 'Pièce jointe : {name}',
    quotation: 'Devis : {title}',
    meeting: 'Du nouveau concernant votre visite',
    action: 'Répondre sur Modula',
    closing: 'Vous recevez au plus un e-mail de ce type par conversation et par heure.',
  },
  de: {
    subject: 'Neue Nachrichten von {name}',
    heading: 'Sie haben ungelesene Nachrichten',
    introAbout: '{name} hat Ihnen zu „{listing}“ geschrieben:',
    intro: '{name} hat Ihnen geschrieben:',
    count: 'Ungelesene Nachrichten: {count}',
    attachment: 'Anhang: {name}',
    quotation: 'Angebot: {title}',
    meeting: 'Neuigkeiten zu Ihrem Besichtigungstermin',
    action: 'In Modula antworten',
    closing: 'Sie erhalten höchstens eine solche E-Mail pro Unterhaltung und Stunde.',
  },
  it: {
    subject: 'Nuovi messaggi da {name}',
    heading: 'Hai messaggi non letti',
    introAbout: '{name} ti ha scritto riguardo a «{listing}»:',
    intro: '{name} ti ha scritto:',
    count: 'Messaggi non letti: {count}',
    attachment: 'Allegato: {name}',
    quotation: 'Preventivo: {title}',
    meeting: 'Aggiornamento sulla tua visita',
    action: 'Rispondi su Modula',
    closing: 'Ricevi al massimo una di queste email per conversazione ogni ora.',
  },
  pt: {
    subject: 'Novas mensagens de {name}',
    heading: 'Tem mensagens por ler',
    introAbout: '{name} escreveu-lhe sobre «{listing}»:',
    intro: '{name} escreveu-lhe:',
    count: 'Mensagens por ler: {count}',
    attachment: 'Anexo: {name}',
    quotation: 'Orçamento: {title}',
    meeting: 'Novidades sobre a sua visita',
    action: 'Responder na Modula',
    closing: 'Recebe no máximo um destes e-mails por conversa a cada hora.',
  },
  nl: {
    subject: 'Nieuwe berichten van {name}',
    heading: 'Je hebt ongelezen berichten',
    introAbout: '{name} schreef je over ‘{listing}’:',
    intro: '{name} schreef je:',
    count: 'Ongelezen berichten: {count}',
    attachment: 'Bijlage: {name}',
    quotation: 'Offerte: {title}',
    meeting: 'Nieuws over je bezichtiging',
    action: 'Antwoorden in Modula',
    closing: 'Je krijgt per gesprek hooguit één zo’n e-mail per uur.',
  },
  ja: {
    subject: '{name} さんから新しいメッセージ',
    heading: '未読のメッセージがあります',
    introAbout: '{name} さんから「{listing}」についてメッセージが届いています:',
    intro: '{name} さんからメッセージが届いています:',
    count: '未読メッセージ: {count} 件',
    attachment: '添付ファイル: {name}',
    quotation: '見積もり: {title}',
    meeting: '見学の予定についてのお知らせ',
    action: 'Modula で返信する',
    closing: 'このメールは 1 つの会話につき 1 時間に最大 1 通お送りします。',
  },
  zh: {
    subject: '来自 {name} 的新消息',
    heading: '您有未读消息',
    introAbout: '{name} 就“{listing}”给您发来消息：',
    intro: '{name} 给您发来消息：',
    count: '未读消息：{count} 条',
    attachment: '附件：{name}',
    quotation: '报价：{title}',
    meeting: '您的看房预约有更新',
    action: '在 Modula 中回复',
    closing: '每个对话每小时最多向您发送一封此类邮件。',
  },
  ko: {
    subject: '{name}님의 새 메시지',
    heading: '읽지 않은 메시지가 있습니다',
    introAbout: '{name}님이 “{listing}”에 대해 메시지를 보냈습니다:',
    intro: '{name}님이 메시지를 보냈습니다:',
    count: '읽지 않은 메시지: {count}개',
    attachment: '첨부 파일: {name}',
    quotation: '견적: {title}',
    meeting: '방문 일정 관련 소식',
    action: 'Modula에서 답장하기',
    closing: '이 이메일은 대화별로 한 시간에 최대 한 통 발송됩니다.',
  },
  ru: {
    subject: 'Новые сообщения от {name}',
    heading: 'У вас есть непрочитанные сообщения',
    introAbout: '{name} написал(а) вам по поводу «{listing}»:',
    intro: '{name} написал(а) вам:',
    count: 'Непрочитанных сообщений: {count}',
    attachment: 'Вложение: {name}',
    quotation: 'Коммерческое предложение: {title}',
    meeting: 'Новости о вашем просмотре',
    action: 'Ответить в Modula',
    closing: 'Такое письмо приходит не чаще одного раза в час по каждому диалогу.',
  },
  ar: {
    subject: 'رسائل جديدة من {name}',
    heading: 'لديك رسائل غير مقروءة',
    introAbout: 'كتب إليك {name} بخصوص «{listing}»:',
    intro: 'كتب إليك {name}:',
    count: 'الرسائل غير المقروءة: {count}',
    attachment: 'مرفق: {name}',
    quotation: 'عرض سعر: {title}',
    meeting: 'مستجدات بشأن زيارتك',
    action: 'الرد في Modula',
    closing: 'تصلك رسالة واحدة على الأكثر من هذا النوع لكل محادثة في الساعة.',
  },
  hi: {
    subject: '{name} के नए संदेश',
    heading: 'आपके पास अपठित संदेश हैं',
    introAbout: '{name} ने आपको “{listing}” के बारे में लिखा है:',
    intro: '{name} ने आपको लिखा है:',
    count: 'अपठित संदेश: {count}',
    attachment: 'अटैचमेंट: {name}',
    quotation: 'कोटेशन: {title}',
    meeting: 'आपकी विज़िट के बारे में अपडेट',
    action: 'Modula में जवाब दें',
    closing: 'हर बातचीत के लिए आपको एक घंटे में अधिकतम एक ऐसा ईमेल मिलता है।',
  },
  tr: {
    subject: '{name} size yeni mesajlar gönderdi',
    heading: 'Okunmamış mesajlarınız var',
    introAbout: '{name} size “{listing}” hakkında yazdı:',
    intro: '{name} size yazdı:',
    count: 'Okunmamış mesaj sayısı: {count}',
    attachment: 'Ek: {name}',
    quotation: 'Teklif: {title}',
    meeting: 'Ziyaretinizle ilgili bir güncelleme',
    action: "Modula'da yanıtla",
    closing: 'Her konuşma için saatte en fazla bir bu tür e-posta alırsınız.',
  },
};

const preview = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string().max(10_000) }),
  z.object({ kind: z.literal('attachment'), fileName: z.string().max(255) }),
  z.object({ kind: z.literal('quotation'), title: z.string().max(200) }),
  z.object({ kind: z.literal('meeting') }),
]);

const PREVIEW_CHARS = 300;

/**
 * The unread digest (issue 14): sent when a recipient has not read a conversation's messages for 10
 * minutes, at most once per conversation an hour. Shows the latest unread messages, shortened.
 */
export const messageDigest = defineTemplate({
  schema: z.object({
    name: personName,
    counterpartName: z.string().min(1).max(200),
    listingTitle: z.string().max(200).nullish(),
    count: z.number().int().positive(),
    messages: z.array(preview).min(1).max(10),
    url: linkUrl,
  }),
  render(data, language) {
    const s = strings[language];
    const lines = data.messages.map((m) => {
      switch (m.kind) {
        case 'text':
          return `“${m.text.length > PREVIEW_CHARS ? `${m.text.slice(0, PREVIEW_CHARS).trimEnd()}…` : m.text}”`;
        case 'attachment':
          return fill(s.attachment, { name: m.fileName });
        case 'quotation':
          return fill(s.quotation, { title: m.title });
        default:
          return s.meeting;
      }
    });
    return renderEmail(language, {
      subject: fill(s.subject, { name: data.counterpartName }),
      heading: s.heading,
      name: data.name,
      paragraphs: [
        data.listingTitle ? fill(s.introAbout, { name: data.counterpartName, listing: data.listingTitle }) : fill(s.intro, { name: data.counterpartName }),
        ...lines,
        fill(s.count, { count: data.count }),
      ],
      action: { label: s.action, url: data.url },
      closing: [s.closing],
    });
  },
});
