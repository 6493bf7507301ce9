import { ApiError } from "@tablemate/client";
import { CANCEL_CODES } from "@tablemate/core";
import { imperativeAntd } from "../../antd-setup.js";
import { cancelOrder } from "../../api/order.js";
import { CHECKOUT_COPY } from "../../copy.js";
import { showToast } from "../loading/toast.js";
import { ORDER_COPY } from "./order-copy.js";

/**
 * Cancel, once the diner confirms (001 §8): 1000 done; 2000 the order is being paid; any other
 * failure asks to try again, with the single button 我知道了. Resolves true when it was cancelled.
 */
export async function confirmAndCancel(orderId: number, rid: number): Promise<boolean> {
  const { Dialog } = await imperativeAntd();
  const sure = await Dialog.confirm({
    content: ORDER_COPY.cancelConfirm,
    confirmText: CHECKOUT_COPY.confirm,
    cancelText: CHECKOUT_COPY.cancel,
  });
  if (!sure) return false;
  try {
    await cancelOrder(orderId, rid);
    showToast(ORDER_COPY.cancelled);
    return true;
  } catch (error) {
    const paying = error instanceof ApiError && error.code === CANCEL_CODES.paying;
    await Dialog.alert({
      content: paying ? ORDER_COPY.cancelPaying : ORDER_COPY.cancelFailed,
      confirmText: CHECKOUT_COPY.gotIt,
    });
    return false;
  }
}
