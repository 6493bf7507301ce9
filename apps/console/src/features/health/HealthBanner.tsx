import type { ConsoleHealth, StaffRole } from "@tablemate/core";
import { Alert } from "antd";
import { useEffect, useState } from "react";
import { fetchHealth } from "../../api/health.js";
import { COMMON_COPY, HEALTH_COPY } from "../../copy/index.js";
import { useCurrentRestaurant } from "../session/session-store.js";
import "./health.css";

/** how often the banner asks again */
export const HEALTH_POLL_MS = 60_000;
/** who sees it: who runs the installation (the server answers only them) */
const SEES_HEALTH: readonly StaffRole[] = ["owner", "manager"];

/**
 * Above every page, for owners and managers: what on the installation is failing (the store, Redis,
 * payment reconciliation, backups, disk space, the restaurant's printers) and what to do, read now and
 * every minute. Nothing is shown while all is well, or when the health cannot be read.
 */
export function HealthBanner() {
  const current = useCurrentRestaurant();
  const rid = current && SEES_HEALTH.includes(current.role) ? current.id : null;
  const [failing, setFailing] = useState<ConsoleHealth["failing"]>([]);

  useEffect(() => {
    setFailing([]);
    if (rid === null) return;
    let live = true;
    const read = () =>
      fetchHealth(rid)
        .then((health) => live && setFailing(health.failing))
        .catch(() => live && setFailing([]));
    void read();
    const timer = setInterval(read, HEALTH_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [rid]);

  if (!failing.length) return null;
  return (
    <Alert
      className="health-banner"
      data-testid="health-banner"
      type="error"
      showIcon
      message={HEALTH_COPY.title}
      description={
        <ul className="health-banner-list">
          {failing.map(({ check }) => (
            <li key={check}>
              {HEALTH_COPY.checks[check].problem}
              {COMMON_COPY.colon}
              {HEALTH_COPY.checks[check].action}
            </li>
          ))}
        </ul>
      }
    />
  );
}
