/**
 * Typing a quantity on the number keypad. Whole numbers, or for weighed dishes decimals (spec 001 §5)
 * up to two places; whether the number is allowed is core's checkQuantity's business, not the keypad's.
 */
export const KEYPAD_MAX_LENGTH = 7;
export const KEYPAD_DECIMALS = 2;

export function typeKey(value: string, key: string, decimals: boolean): string {
  if (key === ".") {
    if (!decimals || value.includes(".")) return value;
    return value === "" ? "0." : `${value}.`;
  }
  if (!/^\d$/.test(key) || value.length >= KEYPAD_MAX_LENGTH) return value;
  const [, fraction] = value.split(".");
  if (fraction !== undefined && fraction.length >= KEYPAD_DECIMALS) return value;
  // a leading zero gives way to the next digit: 0 then 5 is 5, not 05
  return value === "0" ? key : value + key;
}

export function deleteKey(value: string): string {
  return value.slice(0, -1);
}

/** The typed text as a count, or null while it is empty or ends in a dot. */
export function typedCount(value: string): string | null {
  return /^\d+(\.\d+)?$/.test(value) ? value : null;
}
