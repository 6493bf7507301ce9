import { ERRORS, type ErrorKey } from "../errors.js";

/**
 * Why a payment rule said no: an entry of core's error table (one outcome model: the server throws
 * `new AppError(error, message)` and the apps read the same code), with a message that may say more
 * than the table's (which split a line keeps) but never something else.
 */
export interface PayRefusal {
  ok: false;
  error: ErrorKey;
  message: string;
}

export function refuse(error: ErrorKey, message: string = ERRORS[error].message): PayRefusal {
  return { ok: false, error, message };
}
