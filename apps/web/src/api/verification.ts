import { ORDER_API, type PhoneCodeSent } from "@tablemate/core";
import { http } from "./http.js";

/** Asks the restaurant to text a verification code to `phone`; rejects with http's ApiError (8001: too soon). */
export function sendPhoneCode(rid: number, phone: string): Promise<PhoneCodeSent> {
  return http.post(ORDER_API.phoneCode, { rid, phone });
}
