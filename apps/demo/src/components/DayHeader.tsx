import { formatDayLabel } from '../days';

export interface DayHeaderProps {
  /** The day, 'YYYY-MM-DD' (the group key of `messageDayKey`). */
  day: string;
  /** Today, 'YYYY-MM-DD': what "Today" and "Yesterday" are relative to. */
  today: string;
}

/**
 * The header above the first message of a day: "Today", "Yesterday" or a date, in a
 * centred pill. The list renders it inside that message's row, and a copy of it sticks
 * to the top of the list (hidden from screen readers) while the day is scrolled, so the
 * pill has a solid background, and a fixed height (one line, padding only, no margin:
 * the row's measured height includes it). A level-2 heading: screen readers can jump
 * between days.
 */
export function DayHeader({ day, today }: DayHeaderProps) {
  const label = formatDayLabel(day, today);
  return (
    <h2 className="day-header" data-testid="day-header">
      <time className="day-header__label" dateTime={day}>
        {label}
      </time>
    </h2>
  );
}
