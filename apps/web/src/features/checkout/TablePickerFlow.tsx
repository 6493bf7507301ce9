import type { TableInfo } from "@tablemate/core";
import Dialog from "antd-mobile/es/components/dialog";
import { useEffect, useState } from "react";
import { fetchDesks } from "../../api/order.js";
import { CHECKOUT_COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { showToast } from "../loading/toast.js";
import { SUBMIT_COPY } from "./checkout-copy.js";
import { updateCheckout } from "./checkout-store.js";
import { useSubmitOrder } from "./use-submit-order.js";
import "../order/order.css";

/**
 * Quick-service without a food-taking mode (spec 000 §4, 001 §2): the diner names a table, then the
 * order goes in at once. It stays mounted until the submit has an answer, which may navigate.
 */
export function TablePickerFlow({ onDone }: { onDone(): void }) {
  const rid = useAppStore((state) => state.hotelid);
  const { submit } = useSubmitOrder();
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [open, setOpen] = useState(true);

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

  const confirm = async () => {
    const table = tables?.find((t) => String(t.id) === chosen);
    if (!table) return;
    setOpen(false);
    updateCheckout({ pickedTable: { tableId: table.id, tableName: table.name } });
    await submit();
    onDone();
  };

  return (
    <Dialog
      visible={open && tables !== null}
      // on the body: in place, the cart bar's transform would hold the dialog and its mask in the bar
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
