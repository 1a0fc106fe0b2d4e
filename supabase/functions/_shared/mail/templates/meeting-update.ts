import { z } from 'zod';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Language, Translations } from '../languages.ts';
import { defineTemplate, fill, renderEmail } from './layout.ts';
import { linkUrl, personName } from './fields.ts';

const EVENTS = ['requested', 'confirmed', 'declined', 'proposed', 'cancelled'] as const;
const TYPES = ['video', 'phone', 'on_site', 'showroom'] as const;
type MeetingEvent = (typeof EVENTS)[number];
type MeetingType = (typeof TYPES)[number];

interface Strings {
  heading: Record<MeetingEvent, string>;
  /** What the other side did; {name} is who did it. */
  byOther: Record<MeetingEvent, string>;
  /** The same change, told to whoever made it. */
  byYou: Record<MeetingEvent, string>;
  type: Record<MeetingType, string>;
  listing: string;
  kind: string;
  when: string;
  proposed: string;
  reason: string;
  note: string;
  action: string;
  calendarAdd: string;
  calendarRemove: string;
}

const strings: Translations<Strings> = {
  en: {
    heading: { requested: 'Tour request', confirmed: 'Tour confirmed', declined: 'Tour request declined', proposed: 'New time proposed', cancelled: 'Tour cancelled' },
    byOther: {
      requested: '{name} would like to schedule a tour.',
      confirmed: '{name} confirmed the tour.',
      declined: '{name} declined the tour request.',
      proposed: '{name} proposed another time.',
      cancelled: '{name} cancelled the tour.',
    },
    byYou: {
      requested: 'Your tour request has been sent. We will email you when the vendor answers.',
      confirmed: 'You confirmed the tour.',
      declined: 'You declined the tour request.',
      proposed: 'Your proposal has been sent.',
      cancelled: 'You cancelled the tour.',
    },
    type: { on_site: 'On-site visit', video: 'Video call', phone: 'Phone call', showroom: 'Showroom visit' },
    listing: 'Listing', kind: 'Type', when: 'When', proposed: 'Proposed times', reason: 'Reason', note: 'Note',
    action: 'Open your meetings',
    calendarAdd: 'Open the attached calendar file to add the tour to your calendar.',
    calendarRemove: 'Open the attached calendar file to remove the tour from your calendar.',
  },
  es: {
    heading: { requested: 'Solicitud de visita', confirmed: 'Visita confirmada', declined: 'Solicitud de visita rechazada', proposed: 'Nueva hora propuesta', cancelled: 'Visita cancelada' },
    byOther: {
      requested: '{name} quiere concertar una visita.',
      confirmed: '{name} ha confirmado la visita.',
      declined: '{name} ha rechazado la solicitud de visita.',
      proposed: '{name} ha propuesto otra hora.',
      cancelled: '{name} ha cancelado la visita.',
    },
    byYou: {
      requested: 'Tu solicitud de visita se ha enviado. Te avisaremos por correo cuando el vendedor responda.',
      confirmed: 'Has confirmado la visita.',
      declined: 'Has rechazado la solicitud de visita.',
      proposed: 'Tu propuesta se ha enviado.',
      cancelled: 'Has cancelado la visita.',
    },
    type: { on_site: 'Visita presencial', video: 'Videollamada', phone: 'Llamada telefónica', showroom: 'Visita a la sala de exposición' },
    listing: 'Anuncio', kind: 'Tipo', when: 'Cuándo', proposed: 'Horas propuestas', reason: 'Motivo', note: 'Nota',
    action: 'Ver tus citas',
    calendarAdd: 'Abre el archivo de calendario adjunto para añadir la visita a tu calendario.',
    calendarRemove: 'Abre el archivo de calendario adjunto para quitar la visita de tu calendario.',
  },
  fr: {
    heading: { requested: 'Demande de visite', confirmed: 'Visite confirmée', declined: 'Demande de visite refusée', proposed: 'Nouvel horaire proposé', cancelled: 'Visite annulée' },
    byOther: {
      requested: '{name} souhaite planifier une visite.',
      confirmed: '{name} a confirmé la visite.',
      declined: '{name} a refusé la demande de visite.',
      proposed: '{name} a proposé un autre horaire.',
      cancelled: '{name} a annulé la visite.',
    },
    byYou: {
      requested: 'Votre demande de visite a été envoyée. Nous vous écrirons dès que le vendeur aura répondu.',
      confirmed: 'Vous avez confirmé la visite.',
      declined: 'Vous avez refusé la demande de visite.',
      proposed: 'Votre proposition a été envoyée.',
      cancelled: 'Vous avez annulé la visite.',
    },
    type: { on_site: 'Visite sur place', video: 'Appel vidéo', phone: 'Appel téléphonique', showroom: 'Visite du showroom' },
    listing: 'Annonce', kind: 'Type', when: 'Quand', proposed: 'Horaires proposés', reason: 'Motif', note: 'Remarque',
    action: 'Voir vos rendez-vous',
    calendarAdd: 'Ouvrez le fichier de calendrier joint pour ajouter la visite à votre agenda.',
    calendarRemove: 'Ouvrez le fichier de calendrier joint pour retirer la visite de votre agenda.',
  },
  de: {
    heading: { requested: 'Besichtigungsanfrage', confirmed: 'Besichtigung bestätigt', declined: 'Besichtigungsanfrage abgelehnt', proposed: 'Neuer Termin vorgeschlagen', cancelled: 'Besichtigung abgesagt' },
    byOther: {
      requested: '{name} möchte einen Besichtigungstermin vereinbaren.',
      confirmed: '{name} hat die Besichtigung bestätigt.',
      declined: '{name} hat die Besichtigungsanfrage abgelehnt.',
      proposed: '{name} hat einen anderen Termin vorgeschlagen.',
      cancelled: '{name} hat die Besichtigung abgesagt.',
    },
    byYou: {
      requested: 'Ihre Besichtigungsanfrage wurde gesendet. Wir schreiben Ihnen, sobald der Anbieter antwortet.',
      confirmed: 'Sie haben die Besichtigung bestätigt.',
      declined: 'Sie haben die Besichtigungsanfrage abgelehnt.',
      proposed: 'Ihr Vorschlag wurde gesendet.',
      cancelled: 'Sie haben die Besichtigung abgesagt.',
    },
    type: { on_site: 'Besichtigung vor Ort', video: 'Videoanruf', phone: 'Telefonat', showroom: 'Besuch im Ausstellungsraum' },
    listing: 'Angebot', kind: 'Art', when: 'Wann', proposed: 'Vorgeschlagene Termine', reason: 'Grund', note: 'Notiz',
    action: 'Ihre Termine öffnen',
    calendarAdd: 'Öffnen Sie die angehängte Kalenderdatei, um die Besichtigung in Ihren Kalender einzutragen.',
    calendarRemove: 'Öffnen Sie die angehängte Kalenderdatei, um die Besichtigung aus Ihrem Kalender zu entfernen.',
  },
  it: {
    heading: { requested: 'Richiesta di visita', confirmed: 'Visita confermata', declined: 'Richiesta di visita rifiutata', proposed: 'Nuovo orario proposto', cancelled: 'Visita annullata' },
    byOther: {
      requested: '{name} vorrebbe fissare una visita.',
      confirmed: '{name} ha confermato la visita.',
      declined: '{name} ha rifiutato la richiesta di visita.',
      proposed: '{name} ha proposto un altro orario.',
      cancelled: '{name} ha annullato la visita.',
    },
    byYou: {
      requested: 'La tua richiesta di visita è stata inviata. Ti scriveremo quando il venditore avrà risposto.',
      confirmed: 'Hai confermato la visita.',
      declined: 'Hai rifiutato la richiesta di visita.',
      proposed: 'La tua proposta è stata inviata.',
      cancelled: 'Hai annullato la visita.',
    },
    type: { on_site: 'Visita sul posto', video: 'Videochiamata', phone: 'Telefonata', showroom: 'Visita allo showroom' },
    listing: 'Annuncio', kind: 'Tipo', when: 'Quando', proposed: 'Orari proposti', reason: 'Motivo', note: 'Nota',
    action: 'Apri i tuoi appuntamenti',
    calendarAdd: 'Apri il file di calendario allegato per aggiungere la visita al tuo calendario.',
    calendarRemove: 'Apri il file di calendario allegato per rimuovere la visita dal tuo calendario.',
  },
  pt: {
    heading: { requested: 'Pedido de visita', confirmed: 'Visita confirmada', declined: 'Pedido de visita recusado', proposed: 'Novo horário proposto', cancelled: 'Visita cancelada' },
    byOther: {
      requested: '{name} gostaria de marcar uma visita.',
      confirmed: '{name} confirmou a visita.',
      declined: '{name} recusou o pedido de visita.',
      proposed: '{name} propôs outro horário.',
      cancelled: '{name} cancelou a visita.',
    },
    byYou: {
      requested: 'O seu pedido de visita foi enviado. Enviaremos um e-mail quando o vendedor responder.',
      confirmed: 'Confirmou a visita.',
      declined: 'Recusou o pedido de visita.',
      proposed: 'A sua proposta foi enviada.',
      cancelled: 'Cancelou a visita.',
    },
    type: { on_site: 'Visita no local', video: 'Videochamada', phone: 'Chamada telefónica', showroom: 'Visita ao showroom' },
    listing: 'Anúncio', kind: 'Tipo', when: 'Quando', proposed: 'Horários propostos', reason: 'Motivo', note: 'Nota',
    action: 'Abrir as suas reuniões',
    calendarAdd: 'Abra o ficheiro de calendário em anexo para adicionar a visita ao seu calendário.',
    calendarRemove: 'Abra o ficheiro de calendário em anexo para remover a visita do seu calendário.',
  },
  nl: {
    heading: { requested: 'Aanvraag voor een bezichtiging', confirmed: 'Bezichtiging bevestigd', declined: 'Aanvraag voor een bezichtiging afgewezen', proposed: 'Nieuw tijdstip voorgesteld', cancelled: 'Bezichtiging geannuleerd' },
    byOther: {
      requested: '{name} wil graag een bezichtiging plannen.',
      confirmed: '{name} heeft de bezichtiging bevestigd.',
      declined: '{name} heeft de aanvraag voor een bezichtiging afgewezen.',
      proposed: '{name} heeft een ander tijdstip voorgesteld.',
      cancelled: '{name} heeft de bezichtiging geannuleerd.',
    },
    byYou: {
      requested: 'Je aanvraag voor een bezichtiging is verstuurd. We mailen je zodra de verkoper antwoordt.',
      confirmed: 'Je hebt de bezichtiging bevestigd.',
      declined: 'Je hebt de aanvraag voor een bezichtiging afgewezen.',
      proposed: 'Je voorstel is verstuurd.',
      cancelled: 'Je hebt de bezichtiging geannuleerd.',
    },
    type: { on_site: 'Bezichtiging ter plaatse', video: 'Videogesprek', phone: 'Telefoongesprek', showroom: 'Bezoek aan de showroom' },
    listing: 'Aanbod', kind: 'Soort', when: 'Wanneer', proposed: 'Voorgestelde tijden', reason: 'Reden', note: 'Notitie',
    action: 'Je afspraken openen',
    calendarAdd: 'Open het bijgevoegde agendabestand om de bezichtiging aan je agenda toe te voegen.',
    calendarRemove: 'Open het bijgevoegde agendabestand om de bezichtiging uit je agenda te verwijderen.',
  },
  ja: {
    heading: { requested: '見学のリクエスト', confirmed: '見学が確定しました', declined: '見学のリクエストが辞退されました', proposed: '別の日時が提案されました', cancelled: '見学がキャンセルされました' },
    byOther: {
      requested: '{name} さんが見学の予約を希望しています。',
      confirmed: '{name} さんが見学を確定しました。',
      declined: '{name} さんが見学のリクエストを辞退しました。',
      proposed: '{name} さんが別の日時を提案しました。',
      cancelled: '{name} さんが見学をキャンセルしました。',
    },
    byYou: {
      requested: '見学のリクエストを送信しました。出品者から返答があり次第、メールでお知らせします。',
      confirmed: '見学を確定しました。',
      declined: '見学のリクエストを辞退しました。',
      proposed: '提案を送信しました。',
      cancelled: '見学をキャンセルしました。',
    },
    type: { on_site: '現地見学', video: 'ビデオ通話', phone: '電話', showroom: 'ショールーム見学' },
    listing: '物件', kind: '種類', when: '日時', proposed: '候補日時', reason: '理由', note: 'メモ',
    action: '予定を開く',
    calendarAdd: '添付のカレンダーファイルを開くと、見学をカレンダーに追加できます。',
    calendarRemove: '添付のカレンダーファイルを開くと、見学をカレンダーから削除できます。',
  },
  zh: {
    heading: { requested: '看房请求', confirmed: '看房已确认', declined: '看房请求已被拒绝', proposed: '对方提议了新的时间', cancelled: '看房已取消' },
    byOther: {
      requested: '{name} 希望预约看房。',
      confirmed: '{name} 已确认看房。',
      declined: '{name} 拒绝了看房请求。',
      proposed: '{name} 提议了另一个时间。',
      cancelled: '{name} 取消了看房。',
    },
    byYou: {
      requested: '您的看房请求已发送。卖家回复后我们会发邮件通知您。',
      confirmed: '您已确认看房。',
      declined: '您已拒绝看房请求。',
      proposed: '您的提议已发送。',
      cancelled: '您已取消看房。',
    },
    type: { on_site: '实地看房', video: '视频通话', phone: '电话沟通', showroom: '参观展厅' },
    listing: '房源', kind: '类型', when: '时间', proposed: '提议的时间', reason: '原因', note: '备注',
    action: '查看我的预约',
    calendarAdd: '打开附件中的日历文件，即可将看房添加到您的日历。',
    calendarRemove: '打开附件中的日历文件，即可从您的日历中移除看房。',
  },
  ko: {
    heading: { requested: '방문 요청', confirmed: '방문이 확정되었습니다', declined: '방문 요청이 거절되었습니다', proposed: '다른 시간이 제안되었습니다', cancelled: '방문이 취소되었습니다' },
    byOther: {
      requested: '{name}님이 방문 일정을 잡고 싶어 합니다.',
      confirmed: '{name}님이 방문을 확정했습니다.',
      declined: '{name}님이 방문 요청을 거절했습니다.',
      proposed: '{name}님이 다른 시간을 제안했습니다.',
      cancelled: '{name}님이 방문을 취소했습니다.',
    },
    byYou: {
      requested: '방문 요청을 보냈습니다. 판매자가 답하면 이메일로 알려 드립니다.',
      confirmed: '방문을 확정했습니다.',
      declined: '방문 요청을 거절했습니다.',
      proposed: '제안을 보냈습니다.',
      cancelled: '방문을 취소했습니다.',
    },
    type: { on_site: '현장 방문', video: '화상 통화', phone: '전화 통화', showroom: '쇼룸 방문' },
    listing: '매물', kind: '유형', when: '일시', proposed: '제안된 시간', reason: '사유', note: '메모',
    action: '내 일정 열기',
    calendarAdd: '첨부된 캘린더 파일을 열면 방문 일정을 캘린더에 추가할 수 있습니다.',
    calendarRemove: '첨부된 캘린더 파일을 열면 방문 일정을 캘린더에서 삭제할 수 있습니다.',
  },
  ru: {
    heading: { requested: 'Запрос на просмотр', confirmed: 'Просмотр подтверждён', declined: 'Запрос на просмотр отклонён', proposed: 'Предложено другое время', cancelled: 'Просмотр отменён' },
    byOther: {
      requested: '{name} хочет договориться о просмотре.',
      confirmed: '{name} подтвердил(а) просмотр.',
      declined: '{name} отклонил(а) запрос на просмотр.',
      proposed: '{name} предложил(а) другое время.',
      cancelled: '{name} отменил(а) просмотр.',
    },
    byYou: {
      requested: 'Ваш запрос на просмотр отправлен. Мы напишем вам, когда продавец ответит.',
      confirmed: 'Вы подтвердили просмотр.',
      declined: 'Вы отклонили запрос на просмотр.',
      proposed: 'Ваше предложение отправлено.',
      cancelled: 'Вы отменили просмотр.',
    },
    type: { on_site: 'Осмотр на месте', video: 'Видеозвонок', phone: 'Телефонный звонок', showroom: 'Визит в шоурум' },
    listing: 'Объявление', kind: 'Формат', when: 'Когда', proposed: 'Предложенное время', reason: 'Причина', note: 'Комментарий',
    action: 'Открыть ваши встречи',
    calendarAdd: 'Откройте приложенный файл календаря, чтобы добавить просмотр в календарь.',
    calendarRemove: 'Откройте приложенный файл календаря, чтобы удалить просмотр из календаря.',
  },
  ar: {
    heading: { requested: 'طلب زيارة', confirmed: 'تم تأكيد الزيارة', declined: 'تم رفض طلب الزيارة', proposed: 'تم اقتراح موعد جديد', cancelled: 'تم إلغاء الزيارة' },
    byOther: {
      requested: 'يرغب {name} في تحديد موعد زيارة.',
      confirmed: 'أكّد {name} الزيارة.',
      declined: 'رفض {name} طلب الزيارة.',
      proposed: 'اقترح {name} موعدًا آخر.',
      cancelled: 'ألغى {name} الزيارة.',
    },
    byYou: {
      requested: 'تم إرسال طلب الزيارة. سنراسلك عندما يرد البائع.',
      confirmed: 'لقد أكّدت الزيارة.',
      declined: 'لقد رفضت طلب الزيارة.',
      proposed: 'تم إرسال اقتراحك.',
      cancelled: 'لقد ألغيت الزيارة.',
    },
    type: { on_site: 'زيارة في الموقع', video: 'مكالمة فيديو', phone: 'مكالمة هاتفية', showroom: 'زيارة صالة العرض' },
    listing: 'الإعلان', kind: 'النوع', when: 'الموعد', proposed: 'المواعيد المقترحة', reason: 'السبب', note: 'ملاحظة',
    action: 'افتح مواعيدك',
    calendarAdd: 'افتح ملف التقويم المرفق لإضافة الزيارة إلى تقويمك.',
    calendarRemove: 'افتح ملف التقويم المرفق لإزالة الزيارة من تقويمك.',
  },
  hi: {
    heading: { requested: 'विज़िट का अनुरोध', confirmed: 'विज़िट की पुष्टि हो गई', declined: 'विज़िट का अनुरोध अस्वीकार किया गया', proposed: 'नया समय सुझाया गया', cancelled: 'विज़िट रद्द कर दी गई' },
    byOther: {
      requested: '{name} विज़िट तय करना चाहते हैं।',
      confirmed: '{name} ने विज़िट की पुष्टि कर दी है।',
      declined: '{name} ने विज़िट का अनुरोध अस्वीकार कर दिया है।',
      proposed: '{name} ने दूसरा समय सुझाया है।',
      cancelled: '{name} ने विज़िट रद्द कर दी है।',
    },
    byYou: {
      requested: 'आपका विज़िट अनुरोध भेज दिया गया है। विक्रेता के जवाब देते ही हम आपको ईमेल करेंगे।',
      confirmed: 'आपने विज़िट की पुष्टि कर दी है।',
      declined: 'आपने विज़िट का अनुरोध अस्वीकार कर दिया है।',
      proposed: 'आपका सुझाव भेज दिया गया है।',
      cancelled: 'आपने विज़िट रद्द कर दी है।',
    },
    type: { on_site: 'साइट पर विज़िट', video: 'वीडियो कॉल', phone: 'फ़ोन कॉल', showroom: 'शोरूम विज़िट' },
    listing: 'लिस्टिंग', kind: 'प्रकार', when: 'कब', proposed: 'सुझाए गए समय', reason: 'कारण', note: 'नोट',
    action: 'अपनी मीटिंग खोलें',
    calendarAdd: 'विज़िट को अपने कैलेंडर में जोड़ने के लिए संलग्न कैलेंडर फ़ाइल खोलें।',
    calendarRemove: 'विज़िट को अपने कैलेंडर से हटाने के लिए संलग्न कैलेंडर फ़ाइल खोलें।',
  },
  tr: {
    heading: { requested: 'Ziyaret talebi', confirmed: 'Ziyaret onaylandı', declined: 'Ziyaret talebi reddedildi', proposed: 'Yeni bir saat önerildi', cancelled: 'Ziyaret iptal edildi' },
    byOther: {
      requested: '{name} bir ziyaret planlamak istiyor.',
      confirmed: '{name} ziyareti onayladı.',
      declined: '{name} ziyaret talebini reddetti.',
      proposed: '{name} başka bir saat önerdi.',
      cancelled: '{name} ziyareti iptal etti.',
    },
    byYou: {
      requested: 'Ziyaret talebiniz gönderildi. Satıcı yanıt verdiğinde size e-posta göndereceğiz.',
      confirmed: 'Ziyareti onayladınız.',
      declined: 'Ziyaret talebini reddettiniz.',
      proposed: 'Öneriniz gönderildi.',
      cancelled: 'Ziyareti iptal ettiniz.',
    },
    type: { on_site: 'Yerinde ziyaret', video: 'Görüntülü görüşme', phone: 'Telefon görüşmesi', showroom: 'Showroom ziyareti' },
    listing: 'İlan', kind: 'Tür', when: 'Ne zaman', proposed: 'Önerilen saatler', reason: 'Neden', note: 'Not',
    action: 'Randevularınızı açın',
    calendarAdd: 'Ziyareti takviminize eklemek için ekteki takvim dosyasını açın.',
    calendarRemove: 'Ziyareti takviminizden kaldırmak için ekteki takvim dosyasını açın.',
  },
};

/** A time as the recipient reads it: their language, the meeting's time zone named. */
function formatTime(iso: string, language: Language, timeZone: string | null | undefined): string {
  const zone = timeZone ?? 'UTC';
  try {
    return `${new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(iso))} (${zone})`;
  } catch {
    return `${new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} (UTC)`;
  }
}

const instant = z.iso.datetime({ offset: true });

const schema = z.object({
  name: personName,
  event: z.enum(EVENTS),
  /** Whether the recipient made this change (their own copy). */
  byRecipient: z.boolean(),
  actorName: z.string().min(1).max(200),
  listingTitle: z.string().max(200).nullish(),
  meetingType: z.enum(TYPES),
  times: z.array(instant).max(3).default([]),
  scheduledAt: instant.nullish(),
  durationMinutes: z.number().int().min(15).max(480),
  timeZone: z.string().max(64).nullish(),
  reason: z.string().max(1000).nullish(),
  note: z.string().max(2000).nullish(),
  url: linkUrl,
  /** The calendar entry: added for a confirmed meeting, removed when a confirmed one is cancelled. */
  calendar: z.object({ uid: z.string().min(1).max(200), sequence: z.number().int().min(0), cancelled: z.boolean() }).nullish(),
});

/** The .ics file: one event in UTC, so every calendar shows it in its own time zone. */
function calendarFile(data: z.infer<typeof schema>, summary: string, description: string): string {
  const start = new Date(data.scheduledAt!);
  const calendar = ical({ prodId: { company: 'Modula', product: 'Messenger' }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: data.calendar!.uid,
    sequence: data.calendar!.sequence,
    start,
    end: new Date(start.getTime() + data.durationMinutes * 60_000),
    summary,
    description,
    url: data.url,
    status: data.calendar!.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/**
 * Every change to a meeting, to both sides in each one's language (issue 14): requested, confirmed
 * (with the calendar file), declined, another time proposed, cancelled (a confirmed meeting's
 * cancellation carries the calendar file that removes it).
 */
export const meetingUpdate = defineTemplate({
  schema,
  render(data, language) {
    const s = strings[language];
    const typeName = s.type[data.meetingType];
    const paragraphs = [data.byRecipient ? s.byYou[data.event] : fill(s.byOther[data.event], { name: data.actorName })];
    if (data.listingTitle) paragraphs.push(`${s.listing}: ${data.listingTitle}`);
    paragraphs.push(`${s.kind}: ${typeName}`);
    if (data.times.length > 0 && (data.event === 'requested' || data.event === 'proposed')) {
      paragraphs.push(`${s.proposed}: ${data.times.map((t) => formatTime(t, language, data.timeZone)).join(' · ')}`);
    }
    if (data.scheduledAt && (data.event === 'confirmed' || data.event === 'cancelled')) {
      paragraphs.push(`${s.when}: ${formatTime(data.scheduledAt, language, data.timeZone)}`);
    }
    if (data.reason) paragraphs.push(`${s.reason}: ${data.reason}`);
    if (data.note) paragraphs.push(`${s.note}: ${data.note}`);
    const withCalendar = Boolean(data.calendar && data.scheduledAt && (data.event === 'confirmed' || data.event === 'cancelled'));
    if (withCalendar) paragraphs.push(data.calendar!.cancelled ? s.calendarRemove : s.calendarAdd);
    const subject = data.listingTitle ? `${s.heading[data.event]}: ${data.listingTitle}` : s.heading[data.event];
    const rendered = renderEmail(language, {
      subject,
      heading: s.heading[data.event],
      name: data.name,
      paragraphs,
      action: { label: s.action, url: data.url },
    });
    if (!withCalendar) return rendered;
    const summary = data.listingTitle ? `${typeName}: ${data.listingTitle}` : typeName;
    return {
      ...rendered,
      attachments: [{ filename: 'meeting.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendarFile(data, summary, paragraphs.join('\n')) }],
    };
  },
});
