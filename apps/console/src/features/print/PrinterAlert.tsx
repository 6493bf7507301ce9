import { type Printer, printerAlerts } from "@tablemate/core";
import { Alert } from "antd";
import { useEffect, useRef, useState } from "react";
import { listPrinters } from "../../api/print.js";
import { COMMON_COPY, PRINTERS_COPY } from "../../copy/index.js";
import { twoTones } from "../../sound.js";
import "./printer-alert.css";

/** How often the floor and kitchen screens read the printers' states (the alert within 10 s). */
export const ALERT_POLL_MS = 4000;

/**
 * The printer alert of the floor and kitchen screens (issue 27): a red banner naming each printer
 * that is offline, out of paper or open, and a low tone each time one more goes wrong.
 */
export function PrinterAlert({ restaurantId }: { restaurantId: number }) {
  const [failing, setFailing] = useState<Printer[]>([]);
  const known = useRef(new Set<number>());
  useEffect(() => {
    let live = true;
    const look = () =>
      listPrinters(restaurantId).then(
        (list) => {
          if (!live) return;
          const now = list.filter((p) => printerAlerts(p.state));
          if (now.some((p) => !known.current.has(p.id))) twoTones([440, 330]);
          known.current = new Set(now.map((p) => p.id));
          setFailing(now);
        },
        () => {},
      );
    void look();
    const timer = setInterval(look, ALERT_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [restaurantId]);
  if (!failing.length) return null;
  const names = failing
    .map((p) => `${p.name}${COMMON_COPY.parens(PRINTERS_COPY.states[p.state])}`)
    .join(COMMON_COPY.listSeparator);
  return (
    <Alert
      type="error"
      showIcon
      banner
      className="printer-alert"
      message={PRINTERS_COPY.alert(names)}
      data-testid="printer-alert"
    />
  );
}
