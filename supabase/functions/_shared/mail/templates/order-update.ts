import { z } from 'zod';
import type { Translations } from '../languages.ts';
import { defineTemplate, renderEmail } from './layout.ts';
import { linkUrl, personName } from './fields.ts';

const STATUSES = ['awaiting_deposit', 'deposit_paid', 'in_production', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

interface OrderStrings {
  created: string;
  changed: string;
  now: string;
  note: string;
  button: string;
  status: Record<Status, string>;
}

const strings: Translations<OrderStrings> = {
  en: {
    created: 'Order {reference} has been placed: {title}.', changed: 'Order {reference} has been updated: {title}.',
    now: 'Status: {status}', note: 'Note: {note}', button: 'View the order',
    status: { awaiting_deposit: 'Awaiting deposit', deposit_paid: 'Deposit paid', in_production: 'In production', shipped: 'Shipped', delivered: 'Delivered', completed: 'Completed', cancelled: 'Cancelled' },
  },
  es: {
    created: 'Se ha realizado el pedido {reference}: {title}.', changed: 'El pedido {reference} se ha actualizado: {title}.',
    now: 'Estado: {status}', note: 'Nota: {note}', button: 'Ver el pedido',
    status: { awaiting_deposit: 'Pendiente de depósito', deposit_paid: 'Depósito pagado', in_production: 'En producción', shipped: 'Enviado', delivered: 'Entregado', completed: 'Completado', cancelled: 'Cancelado' },
  },
  fr: {
    created: 'La commande {reference} a été passée : {title}.', changed: 'La commande {reference} a été mise à jour : {title}.',
    now: 'Statut : {status}', note: 'Remarque : {note}', button: 'Voir la commande',
    status: { awaiting_deposit: 'Acompte attendu', deposit_paid: 'Acompte payé', in_production: 'En production', shipped: 'Expédiée', delivered: 'Livrée', completed: 'Terminée', cancelled: 'Annulée' },
  },
  de: {
    created: 'Die Bestellung {reference} wurde aufgegeben: {title}.', changed: 'Die Bestellung {reference} wurde aktualisiert: {title}.',
    now: 'Status: {status}', note: 'Hinweis: {note}', button: 'Bestellung ansehen',
    status: { awaiting_deposit: 'Anzahlung ausstehend', deposit_paid: 'Anzahlung bezahlt', in_production: 'In Produktion', shipped: 'Versandt', delivered: 'Geliefert', completed: 'Abgeschlossen', cancelled: 'Storniert' },
  },
  it: {
    created: "L'ordine {reference} è stato effettuato: {title}.", changed: "L'ordine {reference} è stato aggiornato: {title}.",
    now: 'Stato: {status}', note: 'Nota: {note}', button: "Vedi l'ordine",
    status: { awaiting_deposit: 'In attesa di acconto', deposit_paid: 'Acconto pagato', in_production: 'In produzione', shipped: 'Spedito', delivered: 'Consegnato', completed: 'Completato', cancelled: 'Annullato' },
  },
  pt: {
    created: 'A encomenda {reference} foi feita: {title}.', changed: 'A encomenda {reference} foi atualizada: {title}.',
    now: 'Estado: {status}', note: 'Nota: {note}', button: 'Ver a encomenda',
    status: { awaiting_deposit: 'A aguardar sinal', deposit_paid: 'Sinal pago', in_production: 'Em produção', shipped: 'Enviada', delivered: 'Entregue', completed: 'Concluída', cancelled: 'Cancelada' },
  },
  nl: {
    created: 'Bestelling {reference} is geplaatst: {title}.', changed: 'Bestelling {reference} is bijgewerkt: {title}.',
    now: 'Status: {status}', note: 'Opmerking: {note}', button: 'Bestelling bekijken',
    status: { awaiting_deposit: 'Wacht op aanbetaling', deposit_paid: 'Aanbetaling voldaan', in_production: 'In productie', shipped: 'Verzonden', delivered: 'Geleverd', completed: 'Afgerond', cancelled: 'Geannuleerd' },
  },
  ja: {
    created: '注文 {reference} が作成されました: {title}。', changed: '注文 {reference} が更新されました: {title}。',
    now: 'ステータス: {status}', note: 'メモ: {note}', button: '注文を見る',
    status: { awaiting_deposit: '手付金待ち', deposit_paid: '手付金支払済み', in_production: '製造中', shipped: '発送済み', delivered: '配達済み', completed: '完了', cancelled: 'キャンセル' },
  },
  zh: {
    created: '订单 {reference} 已创建：{title}。', changed: '订单 {reference} 已更新：{title}。',
    now: '状态：{status}', note: '备注：{note}', button: '查看订单',
    status: { awaiting_deposit: '待付定金', deposit_paid: '定金已付', in_production: '生产中', shipped: '已发货', delivered: '已送达', completed: '已完成', cancelled: '已取消' },
  },
  ko: {
    created: '주문 {reference}이(가) 접수되었습니다: {title}.', changed: '주문 {reference}이(가) 업데이트되었습니다: {title}.',
    now: '상태: {status}', note: '메모: {note}', button: '주문 보기',
    status: { awaiting_deposit: '계약금 대기', deposit_paid: '계약금 결제 완료', in_production: '제작 중', shipped: '배송 중', delivered: '배송 완료', completed: '완료', cancelled: '취소됨' },
  },
  ru: {
    created: 'Заказ {reference} оформлен: {title}.', changed: 'Заказ {reference} обновлён: {title}.',
    now: 'Статус: {status}', note: 'Примечание: {note}', button: 'Открыть заказ',
    status: { awaiting_deposit: 'Ожидает предоплаты', deposit_paid: 'Предоплата внесена', in_production: 'В производстве', shipped: 'Отправлен', delivered: 'Доставлен', completed: 'Завершён', cancelled: 'Отменён' },
  },
  ar: {
    created: 'تم تقديم الطلب {reference}: {title}.', changed: 'تم تحديث الطلب {reference}: {title}.',
    now: 'الحالة: {status}', note: 'ملاحظة: {note}', button: 'عرض الطلب',
    status: { awaiting_deposit: 'بانتظار العربون', deposit_paid: 'تم دفع العربون', in_production: 'قيد التصنيع', shipped: 'تم الشحن', delivered: 'تم التسليم', completed: 'مكتمل', cancelled: 'ملغى' },
  },
  hi: {
    created: 'ऑर्डर {reference} दिया गया है: {title}।', changed: 'ऑर्डर {reference} अपडेट किया गया है: {title}।',
    now: 'स्थिति: {status}', note: 'टिप्पणी: {note}', button: 'ऑर्डर देखें',
    status: { awaiting_deposit: 'जमा राशि की प्रतीक्षा', deposit_paid: 'जमा राशि का भुगतान हो गया', in_production: 'उत्पादन में', shipped: 'भेज दिया गया', delivered: 'डिलीवर हो गया', completed: 'पूरा हुआ', cancelled: 'रद्द' },
  },
  tr: {
    created: '{reference} numaralı sipariş oluşturuldu: {title}.', changed: '{reference} numaralı sipariş güncellendi: {title}.',
    now: 'Durum: {status}', note: 'Not: {note}', button: 'Siparişi görüntüle',
    status: { awaiting_deposit: 'Kapora bekleniyor', deposit_paid: 'Kapora ödendi', in_production: 'Üretimde', shipped: 'Kargoya verildi', delivered: 'Teslim edildi', completed: 'Tamamlandı', cancelled: 'İptal edildi' },
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** Sent to the customer and the vendor when an order is placed and on every status change. */
export const orderUpdate = defineTemplate({
  schema: z.object({
    name: personName,
    reference: z.string().min(1).max(40),
    title: z.string().min(1).max(200),
    status: z.enum(STATUSES),
    created: z.boolean(),
    note: z.string().max(2000).nullish(),
    url: linkUrl,
  }),
  render(data, language) {
    const s = strings[language];
    const status = s.status[data.status];
    const values = { reference: data.reference, title: data.title, status };
    const first = fill(data.created ? s.created : s.changed, values);
    return renderEmail(language, {
      subject: `${data.reference}: ${status}`,
      heading: `${data.reference}: ${status}`,
      name: data.name,
      paragraphs: [first, fill(s.now, values), ...(data.note ? [fill(s.note, { note: data.note })] : [])],
      action: { label: s.button, url: data.url },
    });
  },
});
