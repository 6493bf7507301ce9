import { type ConsolePayment, roleCan, type StaffRole } from "@tablemate/core";
import { App } from "antd";
import { useCallback, useEffect, useState } from "react";
import * as payApi from "../../api/payments.js";
import { COMMON_COPY, PAYMENTS_COPY } from "../../copy/index.js";

/**
 * A table's payments (its open visit's orders and bill), read with the table's drawer: on open and on
 * each floor message (`revision`). Nothing is asked for a role without payments.read.
 */
export function useTablePayments(
  rid: number,
  role: StaffRole,
  tableId: number | null,
  revision: number,
): { payments: ConsolePayment[]; reload(): void } {
  const { message } = App.useApp();
  const [payments, setPayments] = useState<{ tableId: number; list: ConsolePayment[] } | null>(null);
  const allowed = roleCan(role, "payments.read");

  const reload = useCallback(() => {
    if (tableId === null || !allowed) return;
    payApi
      .readPayments(rid, { tableId })
      .then((list) => setPayments({ tableId, list }))
      .catch((e: Error) => void message.error(`${PAYMENTS_COPY.loadFailed}${COMMON_COPY.colon}${e.message}`));
  }, [rid, tableId, allowed, message]);

  useEffect(() => {
    // each new revision (a floor message) reads the open table's payments again
    if (revision >= 0) reload();
  }, [reload, revision]);

  return { payments: payments?.tableId === tableId ? payments.list : [], reload };
}
