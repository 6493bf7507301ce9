/** Phone: optional prefix 0, 86 or 17951, then 1 followed by 10 digits (spec 001 §5). */
export const PHONE_PATTERN = /^(?:0|86|17951)?1\d{10}$/;

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

/**
 * A phone as one person's: its 11 digits without the prefix (0, 86 or 17951), so 8613812345678 and
 * 13812345678 are the same member; null when it is no valid phone.
 */
export function canonicalPhone(phone: string): string | null {
  const trimmed = phone.trim();
  return isValidPhone(trimmed) ? trimmed.slice(-11) : null;
}

/** A field of the supply form (000 §2 /supplyInfo) that the order cannot go without. */
export type ContactField = "phone" | "name" | "address";

/**
 * What a reservation, a takeout or a quick-service pickup order still lacks: a valid phone and a
 * contact name always, an address for takeout. In the form's order; empty when the contact is whole.
 */
export function contactProblems(
  contact: { phone?: string; name?: string; address?: string },
  takeout: boolean,
): ContactField[] {
  const problems: ContactField[] = [];
  if (!isValidPhone((contact.phone ?? "").trim())) problems.push("phone");
  if (!(contact.name ?? "").trim()) problems.push("name");
  if (takeout && !(contact.address ?? "").trim()) problems.push("address");
  return problems;
}

/** A phone as a card shows it (001 §3 telPhone): its 11 digits with the middle four hidden, 138****8000. */
export function maskPhone(phone: string): string {
  const digits = canonicalPhone(phone) ?? phone;
  return digits.length === 11 ? `${digits.slice(0, 3)}****${digits.slice(7)}` : digits;
}
