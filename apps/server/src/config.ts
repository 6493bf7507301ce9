import { z } from "zod";

/** An http(s) URL without a trailing slash (an origin, or an origin and a path), or a ws(s) one where allowed. */
const urlOf = (name: string, protocol: RegExp, kinds: string) =>
  z
    .url({ protocol, error: `${name} must be an ${kinds} URL` })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional();
const HTTP = /^https?$/;

/** Fastify's trustProxy: nobody or anybody, these addresses, or the nearest proxies by hop. */
type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

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
    /**
     * the sandbox gateway's notification secrets, comma-separated: the first signs, any verifies (add
     * the new one first, drop the old one once no process signs with it). Unset: one generated into
     * DATA_DIR (processes on other machines must then be given the same list).
     */
    SANDBOX_PAY_SECRETS: z
      .string()
      .transform((list) =>
        list
          .split(",")
          .map((secret) => secret.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(32, "each of SANDBOX_PAY_SECRETS must be at least 32 characters")).min(1))
      .optional(),
    /** the server's public origin; unset, `npm start` prints links with this machine's LAN address */
    PUBLIC_URL: urlOf("PUBLIC_URL", HTTP, "http(s)"),
    /** spec 000 §3's environment config: the page data carries each to the diner app */
    QRCODE_URL: urlOf("QRCODE_URL", HTTP, "http(s)"),
    HOST_URL: urlOf("HOST_URL", HTTP, "http(s)"),
    SOCKET_URL: urlOf("SOCKET_URL", /^(https?|wss?)$/, "http(s) or ws(s)"),
    PAY_URL: urlOf("PAY_URL", HTTP, "http(s)"),
    EVALUATE_URL: urlOf("EVALUATE_URL", HTTP, "http(s)"),
    ROUTER_MODE: z.enum(["history", "hash"]).default("history"),
    ROUTER_PREFIX: z
      .string()
      .regex(/^(\/[A-Za-z0-9_-]+)*$/, "ROUTER_PREFIX must look like /app or be empty")
      .default(""),
    IMAGE_HOST: z.string().default(""),
    SEED_DEMO: z.enum(["true", "false"]).default("true"),
    /**
     * whether this process migrates the database at start (and seeds the demo); with several processes
     * on one PostgreSQL, one runs them and the others say false: they only check the schema is current
     */
    MIGRATE: z.enum(["true", "false"]).default("true"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * who may speak for the client (Fastify's trustProxy): unset or `false`, nobody (the peer's address
     * is the client's, the protocol the socket's); `true`, any proxy; a number, that many hops; else a
     * comma-separated list of the proxies' addresses or CIDR ranges. Behind a trusted https proxy,
     * X-Forwarded-Proto makes cookies Secure and X-Forwarded-For gives client addresses.
     */
    TRUST_PROXY: z
      .string()
      .transform((value, context): TrustProxy => {
        if (value === "true" || value === "false") return value === "true";
        if (/^\d+$/.test(value)) {
          // the nearest `hops` proxies (as Fastify reads a number, which its types leave out)
          const hops = Number(value);
          return (_address: string, hop: number) => hop < hops;
        }
        const list = value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean);
        if (list.length > 0 && list.every((entry) => /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(entry))) return list;
        context.addIssue({
          code: "custom",
          message:
            "TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses/CIDRs",
        });
        return z.NEVER;
      })
      .default(false),
    /** unset: JSON lines in production, one readable line per entry otherwise */
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    /** the embedded store's backups into DATA_DIR/backups: one at each start, then every this many hours (0: only at start) */
    BACKUP_EVERY: z.coerce.number().min(0).max(168).default(6),
    /** how many of those backups are kept (the oldest go) */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(10),
    /** the embedded store checkpoints every this many seconds (PostgreSQL's own default); 0: only when it stops */
    STORE_CHECKPOINT_S: z.coerce.number().int().min(0).max(86_400).default(300),
    LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** how often each process looks for snoozes (timed sold outs) due to lift and announces them; 0: never */
    SNOOZE_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
    /** how often the payment reconciliation job runs (pending attempts queried, refunds chased); 0: never */
    PAY_RECONCILE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** how often each process looks at the print queue (one process at a time sends); 0: never */
    PRINT_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    /** a job its printer has not printed this long after it was queued moves to the backup (转打印) */
    PRINT_FAILOVER_S: z.coerce.number().int().min(1).max(3600).default(15),
    /** how long a printer or a cloud printer service has to answer */
    PRINT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    /** the 飞鹅 open API (the demo and tests point it at a local fake) */
    FEIEYUN_API_URL: urlOf("FEIEYUN_API_URL", HTTP, "http(s)").default("http://api.feieyun.cn/Api/Open"),
    /**
     * 飞鹅's public key (PEM) that signs its print callbacks (SHA256withRSA); unset, they are refused and
     * the queue asks 飞鹅 instead
     */
    FEIEYUN_CALLBACK_PUBLIC_KEY: z.string().optional(),
    /**
     * this server's 飞鹅 callback address as 飞鹅 reaches it (https://<server>/print/api/v1/callback/feieyun,
     * whitelisted in 飞鹅's admin): sent as each print's backurl, which is what makes 飞鹅 call back;
     * only with FEIEYUN_CALLBACK_PUBLIC_KEY (without it callbacks could not be verified)
     */
    FEIEYUN_CALLBACK_URL: urlOf("FEIEYUN_CALLBACK_URL", HTTP, "http(s)"),
    /** the 易联云 open API */
    YILIANYUN_API_URL: urlOf("YILIANYUN_API_URL", HTTP, "http(s)").default("https://open-api.10ss.net"),
    /** the embedded default's demo starts a virtual LAN printer per demo station (false: none) */
    DEMO_PRINTERS: z.enum(["true", "false"]).default("true"),
    /** how often expired phone codes and spent sign-in and SMS counts are deleted (one process at a time); 0: never */
    PRUNE_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
    /** per visitor (their credential); a request without one counts against its address */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** per client address, all its visitors together: a dining room of 50 behind one router fits */
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(12_000),
    /**
     * staff passwords' scrypt cost, as log2 of N (r 8, p 1): 16 is 64 MiB and ~0.15 s a hash here;
     * each hash keeps its own, so raising it later leaves older passwords valid. Below 14 only in tests.
     */
    PASSWORD_COST: z.coerce.number().int().min(10).max(20).default(16),
    WEB_DIST: z.string().default(new URL("../../web/dist", import.meta.url).pathname),
    /** the built staff console (apps/console), served under /console */
    CONSOLE_DIST: z.string().default(new URL("../../console/dist", import.meta.url).pathname),
    /**
     * how verification codes (member login, takeout) reach phones: `log` (the default: the server's
     * log, and the diner app says so) or `aliyun` (Aliyun SMS, with the five SMS_ALIYUN_* settings)
     */
    SMS_PROVIDER: z.enum(["log", "aliyun"]).default("log"),
    SMS_ALIYUN_ACCESS_KEY_ID: z.string().min(1).optional(),
    SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().min(1).optional(),
    /** the approved 短信签名 */
    SMS_ALIYUN_SIGN_NAME: z.string().min(1).optional(),
    /** the approved template (SMS_…) with the variable `code` */
    SMS_ALIYUN_TEMPLATE_CODE: z
      .string()
      .regex(/^SMS_\w+$/, "SMS_ALIYUN_TEMPLATE_CODE must look like SMS_123456789")
      .optional(),
    SMS_ALIYUN_ENDPOINT: urlOf("SMS_ALIYUN_ENDPOINT", HTTP, "http(s)").default(
      "https://dysmsapi.aliyuncs.com",
    ),
    /** tests only: the server's clock runs this far from the machine's, to order at a chosen hour */
    TEST_CLOCK_SHIFT_MS: z.coerce.number().int().optional(),
  })
  .refine((env) => !env.DATABASE_URL || env.SECRET, {
    message: "SECRET is required when DATABASE_URL is set (the embedded default generates its own)",
    path: ["SECRET"],
  })
  .refine((env) => env.NODE_ENV === "test" || env.PASSWORD_COST >= 14, {
    message: "PASSWORD_COST below 14 is for tests only",
    path: ["PASSWORD_COST"],
  })
  .superRefine((env, context) => {
    if (env.SMS_PROVIDER !== "aliyun") return;
    // no default for any of them: a missing secret stops the start rather than sending nothing
    for (const key of [
      "SMS_ALIYUN_ACCESS_KEY_ID",
      "SMS_ALIYUN_ACCESS_KEY_SECRET",
      "SMS_ALIYUN_SIGN_NAME",
      "SMS_ALIYUN_TEMPLATE_CODE",
    ] as const) {
      if (!env[key])
        context.addIssue({
          code: "custom",
          path: [key],
          message: `${key} is required with SMS_PROVIDER=aliyun`,
        });
    }
  })
  .refine((env) => env.NODE_ENV !== "production" || env.TEST_CLOCK_SHIFT_MS === undefined, {
    message: "TEST_CLOCK_SHIFT_MS is for tests and cannot be set in production",
    path: ["TEST_CLOCK_SHIFT_MS"],
  });

export type Config = z.infer<typeof envSchema>;

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
  return parsed.data;
}
