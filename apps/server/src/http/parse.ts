import { AppError, ERRORS, findBadText } from "@tablemate/core";
import type { z } from "zod";

/**
 * Refuses (400) text holding a NUL or an unpaired surrogate anywhere in a parsed value (core's text
 * rule), naming where. Every input goes through here: parse() calls it, and so does whatever parses
 * text itself (the submit's order JSON, the guid cookie).
 */
export function checkText(value: unknown): void {
  const where = findBadText(value);
  if (where !== null) throw new AppError("badText", `${ERRORS.badText.message}（${where || "参数"}）`);
}

/**
 * Parses input with a core schema; a failure is a 400 envelope naming each bad field. The text rule
 * is checked on what the schema kept, JSON carried as text in a field (a cart op) included.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    checkText(result.data);
    return result.data;
  }
  const fields = result.error.issues.map((i) => `${i.path.join(".") || "参数"}: ${i.message}`);
  throw new AppError("badRequest", `请求参数有误（${fields.join("；")}）`);
}
