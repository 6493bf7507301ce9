import { imperativeAntd } from "../../antd-setup.js";
import { PAY_COPY } from "./pay-copy.js";

/**
 * Stored value is the diner's own money, spent at once without a gateway's own confirmation: asked
 * first, with how much and from which card. Resolves true when the diner confirms.
 */
export async function confirmStoredValue(amount: string, card: string): Promise<boolean> {
  const { Dialog } = await imperativeAntd();
  return Dialog.confirm({
    title: PAY_COPY.storedConfirmTitle,
    content: PAY_COPY.storedConfirm(amount, card),
    confirmText: PAY_COPY.storedConfirmYes,
    cancelText: PAY_COPY.storedConfirmNo,
  });
}
