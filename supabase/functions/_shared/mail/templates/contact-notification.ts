import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { emailAddress, linkUrl } from './fields.ts';

interface Strings {
  subject: string;
  heading: string;
  from: string;
  action: string;
}

const strings: Translations<Strings> = {
  en: { subject: 'New contact message: {subject}', heading: 'A new contact message', from: 'From {name} <{email}>', action: 'Answer it in the admin inbox' },
  es: { subject: 'Nuevo mensaje de contacto: {subject}', heading: 'Un nuevo mensaje de contacto', from: 'De {name} <{email}>', action: 'Responder en la bandeja de administración' },
  fr: { subject: 'Nouveau message de contact : {subject}', heading: 'Un nouveau message de contact', from: 'De {name} <{email}>', action: 'Répondre depuis la boîte d’administration' },
  de: { subject: 'Neue Kontaktnachricht: {subject}', heading: 'Eine neue Kontaktnachricht', from: 'Von {name} <{email}>', action: 'Im Admin-Posteingang beantworten' },
  it: { subject: 'Nuovo messaggio di contatto: {subject}', heading: 'Un nuovo messaggio di contatto', from: 'Da {name} <{email}>', action: 'Rispondi dalla casella di amministrazione' },
  pt: { subject: 'Nova mensagem de contacto: {subject}', heading: 'Uma nova mensagem de contacto', from: 'De {name} <{email}>', action: 'Responder na caixa de administração' },
  nl: { subject: 'Nieuw contactbericht: {subject}', heading: 'Een nieuw contactbericht', from: 'Van {name} <{email}>', action: 'Beantwoorden in de beheerinbox' },
  ja: { subject: '新しいお問い合わせ：{subject}', heading: '新しいお問い合わせがあります', from: '差出人：{name} <{email}>', action: '管理者の受信箱で返信する' },
  zh: { subject: '新的联系留言：{subject}', heading: '收到一条新的联系留言', from: '发件人：{name} <{email}>', action: '在管理收件箱中回复' },
  ko: { subject: '새 문의 메시지: {subject}', heading: '새 문의 메시지가 도착했습니다', from: '보낸 사람: {name} <{email}>', action: '관리자 받은편지함에서 답변하기' },
  ru: { subject: 'Новое сообщение с формы контактов: {subject}', heading: 'Новое сообщение с формы контактов', from: 'От {name} <{email}>', action: 'Ответить во входящих администратора' },
  ar: { subject: 'رسالة تواصل جديدة: {subject}', heading: 'رسالة تواصل جديدة', from: 'من {name} <{email}>', action: 'الرد من صندوق الإدارة' },
  hi: { subject: 'नया संपर्क संदेश: {subject}', heading: 'एक नया संपर्क संदेश', from: 'प्रेषक: {name} <{email}>', action: 'एडमिन इनबॉक्स में उत्तर दें' },
  tr: { subject: 'Yeni iletişim mesajı: {subject}', heading: 'Yeni bir iletişim mesajı', from: 'Gönderen: {name} <{email}>', action: 'Yönetici gelen kutusunda yanıtlayın' },
};

/** Tells the operator address (CONTACT_NOTIFY_EMAIL) about each new contact message (issue 17). */
export const contactNotification = defineTemplate({
  schema: z.object({
    name: z.string().min(1).max(200),
    email: emailAddress,
    subject: z.string().min(1).max(200),
    message: z.string().min(1).max(5000),
    url: linkUrl,
  }),
  render(data, language) {
    const s = strings[language];
    return renderEmail(language, {
      subject: fill(s.subject, { subject: data.subject }),
      heading: s.heading,
      paragraphs: [fill(s.from, { name: data.name, email: data.email }), data.subject, data.message],
      action: { label: s.action, url: data.url },
    });
  },
});
