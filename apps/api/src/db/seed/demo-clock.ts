const DAY_MS = 86_400_000;

/**
 * Time for the demo: every date is an offset in days (and minutes) from the start of the seed's day,
 * so the data always looks current while its shape stays the same from run to run.
 */
export class DemoClock {
  /** Midnight UTC of the day the seed runs: never after "now", so past offsets stay in the past. */
  readonly today: number;

  constructor(now: Date) {
    this.today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  }

  /** Epoch milliseconds `days` from today (negative: past) at `minute` past midnight. */
  ms(days: number, minute = 9 * 60): number {
    return this.today + days * DAY_MS + minute * 60_000;
  }

  /** The last second of the day `days` from today: due dates are due by the end of their day. */
  endOfDay(days: number): number {
    return this.ms(days + 1, 0) - 1000;
  }

  /** ISO timestamp `days` from today (negative: past) at `minute` past midnight. */
  at(days: number, minute = 9 * 60): string {
    return new Date(this.ms(days, minute)).toISOString();
  }

  /** `YYYY-MM-DD` of the day `days` from today. */
  date(days: number): string {
    return this.at(days, 0).slice(0, 10);
  }

  /** Whole months as days, for recertification periods. */
  static monthsToDays(months: number): number {
    return Math.round(months * 30.44);
  }
}
