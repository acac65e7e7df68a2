/**
 * A pickup point's opening hours as data: per weekday, closed or open from one time to another
 * (Nairobi time, 24-hour 'HH:MM'). The words shoppers read and the days an order can be ready are
 * both derived from it. Framework-free: the back office's form checks it in the browser too.
 */
import { weekdays, type DayHours, type OpeningHours, type Weekday } from "@/lib/db/values";
import { addDays, type CalendarDate } from "@/lib/time/nairobi";
import { deliveryWindow, type DeliveryRate } from "./delivery";

export { weekdays, type OpeningHours, type Weekday } from "@/lib/db/values";

export const weekdayLabels: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** What existing points were given when hours became data (the studio's: Monday to Saturday, 8 am to 6 pm). */
export const defaultOpeningHours: OpeningHours = {
  ...(Object.fromEntries(weekdays.map((day) => [day, { open: "08:00", close: "18:00" }])) as OpeningHours),
  sunday: null,
};

/** 'HH:MM' on a 24-hour clock. */
export const isClockTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** Whether the point opens at least one day a week (else no order could ever be collected). */
export const opensSomeDay = (hours: OpeningHours) => weekdays.some((day) => hours[day] !== null);

/**
 * The hours in words, days with the same hours run together: 'Monday to Saturday, 08:00–18:00;
 * Sunday closed', or 'Every day, 09:00–17:00'.
 */
export function formatOpeningHours(hours: OpeningHours): string {
  const runs: { from: Weekday; to: Weekday; hours: DayHours }[] = [];
  for (const day of weekdays) {
    const last = runs.at(-1);
    if (last && sameHours(last.hours, hours[day])) last.to = day;
    else runs.push({ from: day, to: day, hours: hours[day] });
  }
  if (runs.length === 1) return `Every day, ${timesOf(runs[0].hours)}`;
  return runs
    .map(({ from, to, hours: dayHours }) => {
      const days = from === to ? weekdayLabels[from] : `${weekdayLabels[from]} to ${weekdayLabels[to]}`;
      return dayHours ? `${days}, ${timesOf(dayHours)}` : `${days} closed`;
    })
    .join("; ");
}

/**
 * The dates (Nairobi time) a pickup order placed at `placedAt` is ready between: the days it takes,
 * each end moved on to the point's next open day, so no date falls on a day the point is closed.
 */
export function pickupReadyWindow(
  rate: DeliveryRate,
  hours: OpeningHours,
  placedAt: Date,
): { earliest: CalendarDate; latest: CalendarDate } {
  const window = deliveryWindow(rate, placedAt);
  return { earliest: nextOpenDate(window.earliest, hours), latest: nextOpenDate(window.latest, hours) };
}

/** `date`, or the first day after it that the point opens (`date` itself when it never opens). */
function nextOpenDate(date: CalendarDate, hours: OpeningHours): CalendarDate {
  for (let ahead = 0; ahead < weekdays.length; ahead++) {
    const day = addDays(date, ahead);
    if (hours[weekdayOf(day)]) return day;
  }
  return date;
}

/** The weekday of a calendar date (getUTCDay counts from Sunday). */
function weekdayOf(date: CalendarDate): Weekday {
  return weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
}

function sameHours(a: DayHours, b: DayHours): boolean {
  return a === b || (a !== null && b !== null && a.open === b.open && a.close === b.close);
}

function timesOf(hours: DayHours): string {
  return hours ? `${hours.open}–${hours.close}` : "closed";
}
