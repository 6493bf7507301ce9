import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signs the table tokens (sid) and cart ids, so nobody joins a table or cart by guessing a number,
 * and each visitor's credential. (Staff sign in with accounts: modules/staff.)
 */
export interface Signer {
  tableToken(restaurantId: number, tableId: number): string;
  verifyTableToken(restaurantId: number, tableId: number, token: string): boolean;
  cartSign(cartId: number): string;
  verifyCartSign(cartId: number, sign: string): boolean;
  /** a visitor's credential: `<guid>.<signature>`, handed only to the browser the guid was made for */
  visitorCredential(guid: string): string;
  /** the guid a credential was made for, or null when it is not one this server made */
  visitorOf(credential: string): string | null;
}

const CREDENTIAL = /^([A-Za-z0-9-]{8,64})\.([A-Za-z0-9_-]{22})$/;

export function createSigner(secret: string): Signer {
  const sign = (payload: string) =>
    createHmac("sha256", secret).update(payload).digest("base64url").slice(0, 22);
  const matches = (expected: string, given: string) => {
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  return {
    tableToken: (restaurantId, tableId) => sign(`table:${restaurantId}:${tableId}`),
    verifyTableToken: (restaurantId, tableId, token) =>
      matches(sign(`table:${restaurantId}:${tableId}`), token),
    cartSign: (cartId) => sign(`cart:${cartId}`),
    verifyCartSign: (cartId, given) => matches(sign(`cart:${cartId}`), given),
    visitorCredential: (guid) => `${guid}.${sign(`visitor:${guid}`)}`,
    visitorOf: (credential) => {
      const [, guid, signature] = CREDENTIAL.exec(credential) ?? [];
      return guid && signature && matches(sign(`visitor:${guid}`), signature) ? guid : null;
    },
  };
}
