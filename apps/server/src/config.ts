import { z } from "zod";

/** Every environment variable, parsed once at boot. A bad value stops the start with a readable message. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().default("./data"),
    REDIS_URL: z.url().optional(),
    REDIS_CHANNEL_PREFIX: z.string().min(1).default("tablemate:"),
    SECRET: z.string().min(32, "SECRET must be at least 32 characters").optional(),
    PUBLIC_URL: z.url().optional(),
    ROUTER_MODE: z.enum(["history", "hash"]).default("history"),
    ROUTER_PREFIX: z
      .string()
      .regex(/^(\/[A-Za-z0-9_-]+)*$/, "ROUTER_PREFIX must look like /app or be empty")
      .default(""),
    IMAGE_HOST: z.string().default(""),
    SEED_DEMO: z.enum(["true", "false"]).default("true"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** per visitor (their credential); a request without one counts against its address */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** per client address, all its visitors together: a dining room of 50 behind one router fits */
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(12_000),
    WEB_DIST: z.string().default(new URL("../../web/dist", import.meta.url).pathname),
    /** tests only: the server's clock runs this far from the machine's, to order at a chosen hour */
    TEST_CLOCK_SHIFT_MS: z.coerce.number().int().optional(),
  })
  .refine((env) => !env.DATABASE_URL || env.SECRET, {
    message: "SECRET is required when DATABASE_URL is set (the embedded default generates its own)",
    path: ["SECRET"],
  })
  .refine((env) => env.NODE_ENV !== "production" || env.TEST_CLOCK_SHIFT_MS === undefined, {
    message: "TEST_CLOCK_SHIFT_MS is for tests and cannot be set in production",
    path: ["TEST_CLOCK_SHIFT_MS"],
  });

export type Config = z.infer<typeof envSchema> & { publicUrl: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "config"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  return { ...config, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` };
}
