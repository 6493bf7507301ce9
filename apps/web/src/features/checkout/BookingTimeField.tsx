import { type BookingDay, bookingRuleFor, bookingSlots, zonedDateTime } from "@tablemate/core";
import { useState } from "react";
import { useAppStore } from "../../store/app-store.js";
import { BookingTimeSheet } from "./BookingTimeSheet.js";
import { SUBMIT_COPY } from "./checkout-copy.js";
import type { SupplyKind } from "./supply-kind.js";

/**
 * The supply form's time: a button showing the time chosen (or 请选择 / 尽快) that opens the sheet
 * of the times core's booking rule offers from now: a reservation over the next days, takeout and
 * pick-up later today. `id` ties it to the field's label.
 */
export function BookingTimeField({
  id,
  kind,
  value,
  onChange,
}: {
  id: string;
  kind: SupplyKind;
  value: string;
  onChange(value: string): void;
}) {
  const restaurant = useAppStore((state) => state.restaurant);
  // each opening reads the clock again, and starts the sheet afresh (its key)
  const [sheet, setSheet] = useState<{ today: string; days: BookingDay[]; opened: number } | null>(null);
  const [visible, setVisible] = useState(false);
  const reservation = kind === "reserve";
  const open = () => {
    if (!restaurant) return;
    // the times from this moment, in the restaurant's zone
    const now = zonedDateTime(new Date(), restaurant.timezone);
    const days = bookingSlots(restaurant, now, bookingRuleFor(reservation));
    setSheet({ today: now.date, days, opened: (sheet?.opened ?? 0) + 1 });
    setVisible(true);
  };
  const shown = value || (reservation ? SUBMIT_COPY.timePlaceholder : SUBMIT_COPY.asap);
  return (
    <>
      <button
        id={id}
        type="button"
        className={value || !reservation ? "booking-field" : "booking-field booking-field--empty"}
        aria-haspopup="dialog"
        data-testid="booking-time"
        onClick={open}
      >
        {shown}
      </button>
      {sheet && (
        <BookingTimeSheet
          key={sheet.opened}
          visible={visible}
          title={SUBMIT_COPY.pickTime(SUBMIT_COPY.times[kind])}
          today={sheet.today}
          days={sheet.days}
          value={value}
          allowAsap={!reservation}
          onPick={onChange}
          onClose={() => setVisible(false)}
        />
      )}
    </>
  );
}
