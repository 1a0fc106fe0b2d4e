import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { personName } from './fields.ts';

interface Strings {
  subject: string;
  heading: string;
  intro: string;
  yourMessage: string;
  help: string;
}

const strings: Translations<Strings> = {
  en: { subject: 'Modula’s answer: {subject}', heading: 'An answer to your message', intro: 'Thank you for writing to Modula. Here is our answer:', yourMessage: 'Your message “{subject}”:', help: 'Reply through the contact page if you have more questions.' },
  es: { subject: 'Respuesta de Modula: {subject}', heading: 'Respuesta a tu mensaje', intro: 'Gracias por escribir a Modula. Esta es nuestra respuesta:', yourMessage: 'Tu mensaje «{subject}»:', help: 'Si tienes más preguntas, escríbenos desde la página de contacto.' },
  fr: { subject: 'Réponse de Modula : {subject}', heading: 'Une réponse à votre message', intro: 'Merci d’avoir écrit à Modula. Voici notre réponse :', yourMessage: 'Votre message « {subject} » :', help: 'Pour toute autre question, écrivez-nous depuis la page de contact.' },
  de: { subject: 'Antwort von Modula: {subject}', heading: 'Eine Antwort auf Ihre Nachricht', intro: 'Danke für Ihre Nachricht an Modula. Hier ist unsere Antwort:', yourMessage: 'Ihre Nachricht „{subject}“:', help: 'Weitere Fragen? Schreiben Sie uns über die Kontaktseite.' },
  it: { subject: 'Risposta di Modula: {subject}', heading: 'Una risposta al tuo messaggio', intro: 'Grazie per aver scritto a Modula. Ecco la nostra risposta:', yourMessage: 'Il tuo messaggio «{subject}»:', help: 'Per altre domande scrivici dalla pagina contatti.' },
  pt: { subject: 'Resposta da Modula: {subject}', heading: 'Uma resposta à sua mensagem', intro: 'Obrigado por escrever à Modula. Esta é a nossa resposta:', yourMessage: 'A sua mensagem «{subject}»:', help: 'Se tiver mais perguntas, escreva-nos pela página de contacto.' },
  nl: { subject: 'Antwoord van Modula: {subject}', heading: 'Een antwoord op je bericht', intro: 'Bedankt voor je bericht aan Modula. Dit is ons antwoord:', yourMessage: 'Je bericht ‘{subject}’:', help: 'Nog vragen? Schrijf ons via de contactpagina.' },
  ja: { subject: 'Modula からの回答：{subject}', heading: 'お問い合わせへの回答', intro: 'Modula へのお問い合わせありがとうございます。回答は次のとおりです。', yourMessage: 'お問い合わせ「{subject}」：', help: 'ほかにご質問があれば、お問い合わせページからご連絡ください。' },
  zh: { subject: 'Modula 的回复：{subject}', heading: '对您留言的回复', intro: '感谢您联系 Modula。以下是我们的回复：', yourMessage: '您的留言“{subject}”：', help: '如有其他问题，请通过联系页面与我们联系。' },
  ko: { subject: 'Modula 답변: {subject}', heading: '문의에 대한 답변', intro: 'Modula에 문의해 주셔서 감사합니다. 답변은 다음과 같습니다.', yourMessage: '보내신 문의 “{subject}”:', help: '추가 문의는 문의 페이지를 이용해 주세요.' },
  ru: { subject: 'Ответ Modula: {subject}', heading: 'Ответ на ваше сообщение', intro: 'Спасибо, что написали в Modula. Вот наш ответ:', yourMessage: 'Ваше сообщение «{subject}»:', help: 'Если остались вопросы, напишите нам через страницу контактов.' },
  ar: { subject: 'رد Modula: {subject}', heading: 'رد على رسالتك', intro: 'شكرًا لتواصلك مع Modula. إليك ردنا:', yourMessage: 'رسالتك «{subject}»:', help: 'إذا كانت لديك أسئلة أخرى، راسلنا عبر صفحة التواصل.' },
  hi: { subject: 'Modula का उत्तर: {subject}', heading: 'आपके संदेश का उत्तर', intro: 'Modula को लिखने के लिए धन्यवाद। हमारा उत्तर यह है:', yourMessage: 'आपका संदेश “{subject}”:', help: 'और प्रश्न हों तो संपर्क पृष्ठ से हमें लिखें।' },
  tr: { subject: 'Modula’nın yanıtı: {subject}', heading: 'Mesajınıza yanıt', intro: 'Modula’ya yazdığınız için teşekkürler. Yanıtımız şöyle:', yourMessage: '“{subject}” mesajınız:', help: 'Başka sorularınız varsa iletişim sayfasından bize yazın.' },
};

/** An administrator's answer to a contact message (issue 17), sent to the address the sender gave. */
export const contactReply = defineTemplate({
  schema: z.object({
    name: personName,
    subject: z.string().min(1).max(200),
    original: z.string().min(1).max(5000),
    reply: z.string().min(1).max(5000),
  }),
  render(data, language) {
    const s = strings[language];
    return renderEmail(language, {
      subject: fill(s.subject, { subject: data.subject }),
      heading: s.heading,
      name: data.name,
      paragraphs: [s.intro, data.reply, fill(s.yourMessage, { subject: data.subject }), data.original],
      closing: [s.help],
    });
  },
});
