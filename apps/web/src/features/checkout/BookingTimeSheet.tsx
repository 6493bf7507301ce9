import { addDays, type BookingDay } from "@tablemate/core";
import Popup from "antd-mobile/es/components/popup";
import { useState } from "react";
import { SUBMIT_COPY } from "./checkout-copy.js";
import "./booking-time.css";

export interface BookingTimeSheetProps {
  visible: boolean;
  title: string;
  /** today's date in the restaurant's zone ('YYYY-MM-DD'): the days are named from it */
  today: string;
  days: BookingDay[];
  /** 'YYYY-MM-DD HH:mm', or empty */
  value: string;
  /** takeout and pick-up: 尽快 (no time) may be chosen */
  allowAsap: boolean;
  onPick(value: string): void;
  onClose(): void;
}

/** 今天, 明天, else the weekday; the date itself is shown as YYYY-MM-DD beside it (000 §5). */
function dayName(day: BookingDay, today: string): string {
  if (day.date === today) return SUBMIT_COPY.today;
  if (day.date === addDays(today, 1)) return SUBMIT_COPY.tomorrow;
  return SUBMIT_COPY.weekdays[day.weekday - 1] ?? "";
}

/**
 * The booked time as a sheet: the days on the left, that day's times (every quarter the restaurant
 * is open, core's bookingSlots) on the right; a tap on a time chooses it and closes the sheet.
 */
export function BookingTimeSheet({
  visible,
  title,
  today,
  days,
  value,
  allowAsap,
  onPick,
  onClose,
}: BookingTimeSheetProps) {
  const chosenDay = days.findIndex((d) => value.startsWith(d.date));
  const [dayIndex, setDayIndex] = useState(Math.max(chosenDay, 0));
  const day = days[dayIndex] ?? days[0];
  const pick = (next: string) => {
    onClose();
    onPick(next);
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="booking-sheet"
      destroyOnClose
    >
      <div role="dialog" aria-label={title} data-testid="booking-sheet">
        <h2 className="booking-sheet__title">{title}</h2>
        {allowAsap && (
          <button
            type="button"
            className={
              value === "" ? "booking-sheet__asap booking-sheet__asap--chosen" : "booking-sheet__asap"
            }
            aria-pressed={value === ""}
            onClick={() => pick("")}
          >
            {SUBMIT_COPY.asap}
          </button>
        )}
        {day ? (
          <div className="booking-sheet__columns">
            <div className="booking-sheet__days" role="tablist" aria-orientation="vertical">
              {days.map((d, i) => (
                <button
                  key={d.date}
                  type="button"
                  role="tab"
                  aria-selected={d === day}
                  className={
                    d === day ? "booking-sheet__day booking-sheet__day--current" : "booking-sheet__day"
                  }
                  onClick={() => setDayIndex(i)}
                >
                  <span className="booking-sheet__day-name">{dayName(d, today)}</span>{" "}
                  <span className="booking-sheet__date">{d.date}</span>
                </button>
              ))}
            </div>
            <div className="booking-sheet__times" role="listbox" aria-label={day.date}>
              {day.times.map((time) => {
                const slot = `${day.date} ${time}`;
                return (
                  <button
                    key={time}
                    type="button"
                    role="option"
                    aria-selected={slot === value}
                    className={
                      slot === value
                        ? "booking-sheet__time booking-sheet__time--chosen"
                        : "booking-sheet__time"
                    }
                    onClick={() => pick(slot)}
                  >
                    {time}
                  </button>
                );
              })}
            </div>
          </div>
        ) : (
          <p className="booking-sheet__empty">{SUBMIT_COPY.noTimes}</p>
        )}
      </div>
    </Popup>
  );
}
