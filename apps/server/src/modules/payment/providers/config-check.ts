import type { z } from "zod";

/** A merchant configuration checked when saved and at boot: the config, or every problem in Chinese. */
export type ConfigCheck<T> = { ok: true; config: T } | { ok: false; problems: string[] };

export function checkConfig<T>(schema: z.ZodType<T>, input: unknown): ConfigCheck<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, config: parsed.data };
  return { ok: false, problems: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
}

/** The config for a provider's factory: a stored row that no longer validates is refused with every problem. */
export function configOrThrow<T>(check: ConfigCheck<T>): T {
  if (!check.ok) throw new Error(check.problems.join("；"));
  return check.config;
}
