import type { ChatMessage } from '@chat-list/sample-data';

/**
 * Day headers: messages are grouped by the local calendar day of their `createdAt`, and
 * each day's header reads "Today", "Yesterday", a weekday and date within a week of today
 * ("Monday, 23 November"), a date this year ("23 November"), or a full date for another
 * year ("23 November 2025"). English ('en') names, so that tests read the same labels on
 * every machine; the time zone is the reader's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The local calendar day of a date as 'YYYY-MM-DD'. */
export function dayKeyOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// Parsing an ISO string for every message on every lookup adds up at 100 000 messages;
// messages are immutable, so their key is kept per object.
const keyCache = new WeakMap<ChatMessage, string | undefined>();

/**
 * The `getGroupKey` of the demo's lists: the message's local day, or undefined for a
 * message without a (valid) `createdAt`, which then belongs to no day. Module-level, so
 * stable across renders.
 */
export function messageDayKey(message: ChatMessage): string | undefined {
  if (keyCache.has(message)) return keyCache.get(message);
  const time = message.createdAt === undefined ? Number.NaN : Date.parse(message.createdAt);
  const key = Number.isNaN(time) ? undefined : dayKeyOf(new Date(time));
  keyCache.set(message, key);
  return key;
}

/** The local midnight that starts the day 'YYYY-MM-DD', or null for anything else. */
function parseDayKey(key: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateParts = new Intl.DateTimeFormat('en', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** Named parts of a date in English: weekday, day, month, year. */
function partsOf(date: Date): Record<'weekday' | 'day' | 'month' | 'year', string> {
  const parts = { weekday: '', day: '', month: '', year: '' };
  for (const part of dateParts.formatToParts(date)) {
    if (part.type === 'weekday' || part.type === 'day' || part.type === 'month' || part.type === 'year') {
      parts[part.type] = part.value;
    }
  }
  return parts;
}

/**
 * The header label of the day `key` ('YYYY-MM-DD') seen on the day `today` (same format;
 * the reader's local day by default). Days after today (appended messages run ahead of
 * the clock) read like the days before it.
 */
export function formatDayLabel(key: string, today: string = dayKeyOf(new Date())): string {
  const day = parseDayKey(key);
  if (day === null) return key;
  const now = new Date();
  const startOfToday = parseDayKey(today) ?? new Date(now.getFullYear(), now.getMonth(), now.getDate());
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  const daysAgo = Math.round((startOfToday.getTime() - day.getTime()) / DAY_MS);
  if (daysAgo === 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  const { weekday, day: dayOfMonth, month, year } = partsOf(day);
  if (Math.abs(daysAgo) < 7) return `${weekday}, ${dayOfMonth} ${month}`;
  if (day.getFullYear() === startOfToday.getFullYear()) return `${dayOfMonth} ${month}`;
  return `${dayOfMonth} ${month} ${year}`;
}

const timeFormat = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A message's time of day, '09:14' (24-hour clock), or '' without a valid `createdAt`. */
export function formatTime(createdAt: string | undefined): string {
  const time = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  return Number.isNaN(time) ? '' : timeFormat.format(time);
}

/** Milliseconds until the next local midnight (at least 1). */
export function msUntilTomorrow(now: Date = new Date()): number {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return Math.max(1, tomorrow.getTime() - now.getTime());
}
