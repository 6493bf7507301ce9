/**
 * The one way an order's number is written, for diners and staff alike (the order detail's num, the
 * console's lists, drawer, kitchen tickets and printed bills): its id in at least six digits, 000012.
 */
export const ORDER_NUMBER_DIGITS = 6;

export function orderNumber(orderId: number): string {
  return String(orderId).padStart(ORDER_NUMBER_DIGITS, "0");
}

/** A pick-up number (quick-service's fastSerialNo) as the counter calls it: three digits, 007. */
export function pickUpNumber(serial: number | null): string {
  return serial ? String(serial).padStart(3, "0") : "";
}
