import { type Permission, type ReportSummary, roleCan, type StaffRole } from "@tablemate/core";
import { useCallback, useEffect, useState } from "react";
import { readFloor, readOrders } from "../../api/floor.js";
import { readMoneyIssues } from "../../api/payments.js";
import { fetchSummary } from "../../api/reports.js";
import { readStock } from "../../api/stock.js";
import { COMMON_COPY } from "../../copy/index.js";
import { openConsoleSocket } from "../floor/console-socket.js";
import { todayStart } from "../session/restaurant-time.js";
import type { DashboardData } from "./alerts.js";

const PARTS = COMMON_COPY.home.parts;
/** how often the page reads everything again besides the socket's news */
const REFRESH_MS = 30_000;

export interface Dashboard extends DashboardData {
  numbers: ReportSummary | null;
  /** the parts that could not be read, in words */
  failures: string[];
  loaded: boolean;
}

/** A part read only for a role that may read it; a refusal or failure leaves it null and says so. */
async function part<T>(
  role: StaffRole,
  permission: Permission,
  name: string,
  read: () => Promise<T>,
  failures: string[],
): Promise<T | null> {
  if (!roleCan(role, permission)) return null;
  try {
    return await read();
  } catch (error) {
    failures.push(COMMON_COPY.home.partFailed(name, error instanceof Error ? error.message : String(error)));
    return null;
  }
}

/**
 * The home page's reads, each only for a role allowed it: today's numbers, the floor, today's orders,
 * the money that needs a person and the stock; read again on the console socket's floor news (a call,
 * an order) and every 30 s.
 */
export function useDashboard(rid: number, role: StaffRole): Dashboard {
  const [state, setState] = useState<Dashboard>({
    numbers: null,
    floor: null,
    orders: null,
    issues: null,
    stock: null,
    failures: [],
    loaded: false,
  });

  const load = useCallback(async () => {
    const failures: string[] = [];
    const [numbers, floor, orders, issues, stock] = await Promise.all([
      part(role, "reports.read", PARTS.numbers, () => fetchSummary(rid, {}), failures),
      part(role, "floor.read", PARTS.floor, () => readFloor(rid), failures),
      part(
        role,
        "floor.read",
        PARTS.orders,
        () => readOrders(rid, { from: todayStart().toISOString() }),
        failures,
      ),
      part(role, "payments.read", PARTS.money, () => readMoneyIssues(rid), failures),
      part(role, "stock.write", PARTS.stock, () => readStock(rid), failures),
    ]);
    return { numbers, floor, orders, issues, stock, failures, loaded: true };
  }, [rid, role]);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load().then((next) => live && setState(next)), 250);
    };
    void load().then((next) => live && setState(next));
    const every = setInterval(refresh, REFRESH_MS);
    const closeSocket = roleCan(role, "floor.read")
      ? openConsoleSocket(rid, { onMessage: (m) => m.topic === "floor" && refresh() })
      : () => {};
    return () => {
      live = false;
      clearTimeout(timer);
      clearInterval(every);
      closeSocket();
    };
  }, [rid, role, load]);

  return state;
}
