import { AppError } from "@tablemate/core";
import type { z } from "zod";

/** Parses input with a core schema; a failure is a 400 envelope naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((i) => `${i.path.join(".") || "参数"}: ${i.message}`);
  throw new AppError("badRequest", `请求参数有误（${fields.join("；")}）`);
}
