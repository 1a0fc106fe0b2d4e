// An invoice as a PDF (pdf-lib): seller, buyer, number, dates, the plan line, net, VAT and total.
// Labels in the buyer's language would need fonts for every script; the document uses English labels
// and the standard Helvetica font (what a VAT invoice needs is the numbers and parties, not translation).
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export interface InvoiceForPdf {
  number: string;
  issued_at: string;
  period_start: string;
  period_end: string;
  plan: string;
  billing_interval: 'month' | 'year';
  description: string;
  currency: string;
  amount_net_cents: number;
  vat_rate: number | string;
  vat_cents: number;
  amount_total_cents: number;
  buyer: { name: string; company: string | null; country: string | null; email: string | null };
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);
// Helvetica (WinAnsi) cannot draw every character a name may hold; keep what it can.
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF€]/g, '?');

export async function invoicePdf(invoice: InvoiceForPdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setAuthor('Modula');
  pdf.setCreationDate(new Date(invoice.issued_at));
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.1);
  const muted = rgb(0.4, 0.42, 0.4);
  let y = 780;
  const text = (value: string, x: number, size = 11, f = font, color = ink) => page.drawText(printable(value), { x, y, size, font: f, color });
  const right = (value: string, xRight: number, size = 11, f = font) => {
    const v = printable(value);
    page.drawText(v, { x: xRight - f.widthOfTextAtSize(v, size), y, size, font: f, color: ink });
  };

  text('Modula', 50, 22, bold, rgb(0.16, 0.42, 0.27));
  right('INVOICE', 545, 18, bold);
  y -= 26;
  text('Modula Marketplace B.V. - sustainable modular homes', 50, 9, font, muted);
  right(invoice.number, 545, 11, bold);
  y -= 40;
  text('Billed to', 50, 9, bold, muted);
  text('Issued', 330, 9, bold, muted);
  right(day(invoice.issued_at), 545, 11);
  y -= 16;
  text(invoice.buyer.company ?? invoice.buyer.name, 50);
  text('Period', 330, 9, bold, muted);
  right(`${day(invoice.period_start)} - ${day(invoice.period_end)}`, 545, 11);
  y -= 16;
  if (invoice.buyer.company) { text(invoice.buyer.name, 50); y -= 16; }
  if (invoice.buyer.email) { text(invoice.buyer.email, 50, 10, font, muted); y -= 16; }
  if (invoice.buyer.country) { text(invoice.buyer.country, 50, 10, font, muted); y -= 16; }

  y -= 30;
  page.drawLine({ start: { x: 50, y: y + 14 }, end: { x: 545, y: y + 14 }, thickness: 0.7, color: muted });
  text('Description', 50, 10, bold);
  right('Amount', 545, 10, bold);
  y -= 22;
  const plan = invoice.plan.charAt(0).toUpperCase() + invoice.plan.slice(1);
  text(invoice.description || `Modula ${plan} plan (${invoice.billing_interval === 'year' ? 'yearly' : 'monthly'})`, 50);
  right(money(invoice.amount_net_cents, invoice.currency), 545);
  y -= 30;
  page.drawLine({ start: { x: 300, y: y + 14 }, end: { x: 545, y: y + 14 }, thickness: 0.5, color: muted });
  text('Subtotal (excl. VAT)', 300);
  right(money(invoice.amount_net_cents, invoice.currency), 545);
  y -= 18;
  text(`VAT ${Number(invoice.vat_rate)}%`, 300);
  right(money(invoice.vat_cents, invoice.currency), 545);
  y -= 22;
  text('Total paid', 300, 12, bold);
  right(money(invoice.amount_total_cents, invoice.currency), 545, 12, bold);
  y = 80;
  text('Paid by card. Questions about this invoice: billing@modula.eu', 50, 9, font, muted);
  return pdf.save();
}
