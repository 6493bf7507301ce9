import {
  API,
  doneAnswerSchema,
  type StaffLoginBody,
  type StaffPinBody,
  type StaffSession,
  staffSessionSchema,
} from "@tablemate/core";
import { call } from "./http.js";

/** The staff session's calls (contract/console-session.ts). */

/** The session the cookie carries, or null when there is none (401). */
export async function readSession(): Promise<StaffSession | null> {
  try {
    return await call(API.consoleSession, staffSessionSchema, { expectUnauthorized: true });
  } catch (error) {
    if (error instanceof Error && "status" in error && error.status === 401) return null;
    throw error;
  }
}

export function signIn(body: StaffLoginBody): Promise<StaffSession> {
  return call(API.consoleSession, staffSessionSchema, { method: "POST", body, expectUnauthorized: true });
}

export async function signOut(): Promise<void> {
  await call(API.consoleSession, doneAnswerSchema, { method: "DELETE", expectUnauthorized: true });
}

export function switchByPin(body: StaffPinBody): Promise<StaffSession> {
  return call(API.consoleSessionPin, staffSessionSchema, { method: "POST", body, expectUnauthorized: true });
}
