import type { TableInfo } from "@tablemate/core";
import Dialog from "antd-mobile/es/components/dialog";
import { useEffect, useState } from "react";
import { fetchDesks } from "../../api/order.js";
import { CHECKOUT_COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { showToast } from "../loading/toast.js";
import { SUBMIT_COPY } from "./checkout-copy.js";
import { updateCheckout } from "./checkout-store.js";

/**
 * Quick-service without a food-taking mode (spec 000 §4, 001 §2): the table picker, opened from the
 * order page's table row (core's offersTablePicker) by a diner seated elsewhere than the code they
 * scanned. A select of the restaurant's tables, cancel and confirm (enabled once a table is chosen);
 * the order then goes on the chosen table when the diner submits it from the order page.
 */
export function TablePicker({ onDone }: { onDone(): void }) {
  const rid = useAppStore((state) => state.hotelid);
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [chosen, setChosen] = useState("");

  useEffect(() => {
    if (rid === null) return;
    let live = true;
    fetchDesks(rid)
      .then((list) => live && setTables(list))
      .catch(() => {
        if (!live) return;
        showToast(SUBMIT_COPY.tableListFailed);
        onDone();
      });
    return () => {
      live = false;
    };
  }, [rid, onDone]);

  const confirm = () => {
    const table = tables?.find((t) => String(t.id) === chosen);
    if (!table) return;
    updateCheckout({ pickedTable: { tableId: table.id, tableName: table.name } });
    onDone();
  };

  return (
    <Dialog
      visible={tables !== null}
      // on the body, over the order page's footer
      getContainer={() => document.body}
      title={SUBMIT_COPY.pickTable}
      content={
        <select
          className="table-picker__select"
          aria-label={SUBMIT_COPY.pickTable}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="" disabled>
            {SUBMIT_COPY.pickTable}
          </option>
          {(tables ?? []).map((table) => (
            <option key={table.id} value={String(table.id)}>
              {table.name}
            </option>
          ))}
        </select>
      }
      actions={[
        [
          { key: "cancel", text: CHECKOUT_COPY.cancel, onClick: onDone },
          {
            key: "confirm",
            text: CHECKOUT_COPY.confirm,
            bold: true,
            disabled: chosen === "",
            onClick: confirm,
          },
        ],
      ]}
    />
  );
}
