import type { Message } from '../services/messenger';

// Times, days and amounts in the reader's language (Intl), never hand-built.

function locale(language: string): string {
  return language === 'zh' ? 'zh-CN' : language;
}

/** A quotation's amount: always two decimals, in its own currency, formatted for the language. */
export function formatAmount(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(locale(language), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { timeStyle: 'short' }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'full', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium' }).format(new Date(`${iso}T12:00:00`));
}

export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : bytes >= 1024 ? [bytes / 1024, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(locale(language), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0 }).format(value);
}

/** The local calendar day of a moment, as YYYY-MM-DD. */
export function localDay(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** "Today", "Yesterday" or the date, in the reader's language. */
export function dayLabel(day: string, language: string, now: Date = new Date()): string {
  const today = localDay(now);
  const yesterday = localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day === today || day === yesterday) {
    const label = new Intl.RelativeTimeFormat(locale(language), { numeric: 'auto' }).format(day === today ? 0 : -1, 'day');
    return label.charAt(0).toLocaleUpperCase(locale(language)) + label.slice(1);
  }
  return formatDay(day, language);
}

/** Messages grouped by the local day they were sent, oldest first. */
export function groupByDay(messages: Message[]): { day: string; messages: Message[] }[] {
  const groups: { day: string; messages: Message[] }[] = [];
  for (const message of messages) {
    const day = localDay(message.createdAt);
    const last = groups.at(-1);
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

/** The user's time zone as the browser knows it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
