/**
 * Where a member login is kept on this phone, per restaurant (member-http.ts reads and writes it). Apart,
 * so the menu's first screen can tell a member's phone without loading the member calls.
 */
export const memberLoginKey = (rid: number) => `member:${rid}`;

/** Whether this phone holds a member login for `rid` (its validity is member-http.ts's to judge). */
export function holdsMemberLogin(rid: number): boolean {
  try {
    return localStorage.getItem(memberLoginKey(rid)) !== null;
  } catch {
    return false;
  }
}
