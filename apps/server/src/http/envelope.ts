import type { AppError, Envelope, MEMBER_CODES } from "@tablemate/core";

/**
 * The codes an answer (success: true) carries: the one the spec shows for the call (1000 or 200), or
 * a member call's answer that is no refusal (001 §8: 100201 no member info yet, 100801 nothing changed).
 */
export type AnswerCode =
  | 1000
  | 200
  | (typeof MEMBER_CODES)["memberInfoEmpty"]
  | (typeof MEMBER_CODES)["memberUnchanged"];

/** The spec's envelope with its answer code. */
export function ok<T>(data: T, code: AnswerCode = 1000, message = "success"): Envelope<T> {
  return { code, success: true, data, message };
}

/** A refusal's envelope: the table's code, the error's message and data (null unless it carries some). */
export function refused(error: AppError): Envelope<unknown> {
  return { code: error.code, success: false, data: error.data, message: error.message };
}
