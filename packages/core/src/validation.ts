/** Phone: optional prefix 0, 86 or 17951, then 1 followed by 10 digits (spec 001 §5). */
export const PHONE_PATTERN = /^(?:0|86|17951)?1\d{10}$/;

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}
