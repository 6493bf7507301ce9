/** Server-version gates (spec 000 §9, 001 §9): a feature needs serverVersion at least its threshold. */
export const VERSION_GATES = {
  callWaiter: "2.17.06",
  memberPay: "2.20.00",
  combinePay: "2.21.00",
  combo: "2.23.00",
  vip: "2.24.00",
  insideOut: "2.23.06",
  allInsideOut: "2.27.00",
  prepayAfter: "2.35.15",
} as const;

export type VersionGate = keyof typeof VERSION_GATES;

/** Compares dotted numbers part by part as integers ("2.9" < "2.17.06"); missing parts count as 0. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = a.split(".").map((part) => Number.parseInt(part, 10) || 0);
  const pb = b.split(".").map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** A register version the gates can read: dotted numbers ("2.35.15"); the card version check of 000 §8. */
export function isServerVersion(value: string | null | undefined): value is string {
  return typeof value === "string" && /^\d{1,4}(\.\d{1,4}){1,3}$/.test(value);
}

export function supports(serverVersion: string | null | undefined, gate: VersionGate): boolean {
  if (!serverVersion) return false;
  return compareVersions(serverVersion, VERSION_GATES[gate]) >= 0;
}
