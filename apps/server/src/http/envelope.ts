import type { AppError, Envelope } from "@tablemate/core";

/** The spec's envelope; `code` is the one the spec shows for the call (1000 or 200). */
export function ok<T>(data: T, code: 1000 | 200 = 1000, message = "success"): Envelope<T> {
  return { code, success: true, data, message };
}

/** A refusal's envelope: the table's code, the error's message and data (null unless it carries some). */
export function refused(error: AppError): Envelope<unknown> {
  return { code: error.code, success: false, data: error.data, message: error.message };
}
