/**
 * INTERIM (helper E, issue 19): the member login as helper B's member transport keeps it in local
 * storage (`member:<rid>`: token, phone, current card), read here until B's readMemberLogin is on
 * main; then this file goes and the recharge page reads B's.
 */
export interface RechargeLogin {
  token: string;
  cardId: number | null;
}

export function readRechargeLogin(rid: number): RechargeLogin | null {
  try {
    const value = JSON.parse(
      localStorage.getItem(`member:${rid}`) ?? "null",
    ) as Partial<RechargeLogin> | null;
    if (typeof value?.token !== "string") return null;
    return { token: value.token, cardId: typeof value.cardId === "number" ? value.cardId : null };
  } catch {
    return null;
  }
}
