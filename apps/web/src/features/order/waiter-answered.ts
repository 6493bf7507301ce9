import { showToast } from "../loading/toast.js";
import { ORDER_COPY } from "./order-copy.js";

/** A waiter acknowledged the table's call: 服务员已收到 (loaded with the first acknowledgement). */
export function toastAnswered(): void {
  showToast(ORDER_COPY.waiterAnswered);
}
