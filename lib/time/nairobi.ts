/**
 * Calendar days and clock times in Nairobi, where the shop and its staff are. Kenya keeps UTC+3
 * all year (no daylight saving), so a Nairobi day is the 24 hours from 21:00 UTC the day before.
 * Framework-free.
 */

/** The shop's time zone, for Intl formatters. */
export const NAIROBI_TIME_ZONE = "Africa/Nairobi";

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The hour of the day (0–23) on a Nairobi clock: 05:30 UTC is 8. */
export function nairobiHour(instant: Date): number {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS).getUTCHours();
}

/** A calendar date as written in URLs and forms: 'YYYY-MM-DD'. */
export type CalendarDate = string;

/** The Nairobi calendar date of an instant: 21:30 UTC on 1 March is '2026-03-02'. */
export function nairobiDate(instant: Date): CalendarDate {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instants a Nairobi calendar day spans: from its midnight (included) to the next midnight (excluded). */
export function nairobiDay(date: CalendarDate): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${date}T00:00:00Z`) - NAIROBI_OFFSET_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** Whether a value is a real calendar date in the form 'YYYY-MM-DD' (no 30 February), between the years 2000 and 2999. */
export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== "string" || !/^2\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const dateTimeFormat = new Intl.DateTimeFormat("en-KE", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: NAIROBI_TIME_ZONE,
});

/** '21 Nov 2026, 14:05': an instant as staff read it, in Nairobi time. */
export const formatNairobiDateTime = (instant: Date) => dateTimeFormat.format(instant);

/** '2026-11-21 14:05': an instant in Nairobi time for files (CSV) that spreadsheets sort and read as dates. */
export function nairobiTimestamp(instant: Date): string {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** 'YYYYMMDDhhmmss' in Nairobi time, as KRA's eTIMS writes its dates. */
export function nairobiCompactTimestamp(instant: Date): string {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS).toISOString().replace(/\D/g, "").slice(0, 14);
}

/** The calendar date `days` after `date` (before, when negative): '2026-03-01' and -1 give '2026-02-28'. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
