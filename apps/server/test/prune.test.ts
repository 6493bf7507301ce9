import { randomUUID } from "node:crypto";
import { ATTEMPT_RULES, PHONE_CODE } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimJob } from "../src/db/jobs.js";
import { jobClaims, loginAttempts, phoneCodes, restaurants } from "../src/db/schema.js";
import { limitedAttempt } from "../src/modules/staff/attempts.js";
import { ATTEMPT_HORIZON_MS, pruneOnce } from "../src/modules/verification/prune.js";
import { BACKENDS } from "./support/databases.js";
import { startTestApp, type TestApp } from "./support/harness.js";
import { expectRefusal, freshPhone, MemberBrowser } from "./support/members.js";
import { smsOutbox } from "./support/sms-outbox.js";

const MINUTE_MS = 60_000;
const JOB = "prune-attempts-and-codes";

describe.each(BACKENDS)("pruning phone codes and spent attempt counts on %s", (backend) => {
  let app: TestApp;
  const outbox = smsOutbox();
  const start = Date.now();
  /** the server's clock, moved by the test */
  let clock = new Date(start);
  const at = (ms: number) => {
    clock = new Date(start + ms);
  };
  const prune = () => pruneOnce({ db: app.db, now: () => clock });
  const keys = async () => (await app.db.select().from(loginAttempts)).map((row) => row.key).sort();
  const codes = () => app.db.select().from(phoneCodes);

  beforeAll(async () => {
    app = await startTestApp(backend, { smsSender: outbox.sender, now: () => clock });
  });
  afterAll(() => app.close());

  it("forgets expired codes past their cooldown, and counts once no limit reads them, one process at a time", async () => {
    expect(ATTEMPT_HORIZON_MS).toBe(24 * 60 * MINUTE_MS);
    const [restaurant] = await app.db.select().from(restaurants).where(eq(restaurants.name, "江南食府"));
    if (!restaurant) throw new Error("no demo restaurant");
    const diner = new MemberBrowser(app, restaurant.id, "new", randomUUID());
    const waiting = freshPhone("1372");
    const loggedIn = freshPhone("1372");
    // a code waiting, a code used up by a login (its expiry is the login), a key locked by 5 failures
    await diner.askCode(waiting);
    await diner.login(outbox, loggedIn);
    const locked = { key: "login:prune-test", rule: ATTEMPT_RULES.account };
    for (let i = 0; i < ATTEMPT_RULES.account.max; i++)
      await limitedAttempt(
        app.db,
        [locked],
        () => clock,
        async () => null,
      );
    const counted = [
      locked.key,
      `sms-address:${diner.address}`,
      `sms-phone:${loggedIn}`,
      `sms-phone:${waiting}`,
    ].sort();
    expect(await keys()).toEqual(counted);

    // within the used code's cooldown nothing goes: the phone still waits its minute
    at(10_000);
    expect(await prune()).toEqual({ ran: true, attempts: 0, codes: 0 });
    expectRefusal(await diner.askCode(loggedIn), 429, 8001);

    // past the waiting code's 5 minutes both codes go; every count stays (their windows are not over)
    at(PHONE_CODE.validSeconds * 1000 + 1000);
    expect(await prune()).toEqual({ ran: true, attempts: 0, codes: 2 });
    expect(await codes()).toEqual([]);
    expect(await keys()).toEqual(counted);

    // another process holding the job: this one prunes nothing until the claim expires
    at(ATTEMPT_HORIZON_MS);
    expect(await claimJob(app.db, { name: JOB, holder: "other", now: clock, claimMs: MINUTE_MS })).toBe(true);
    expect(await prune()).toEqual({ ran: false, attempts: 0, codes: 0 });
    expect(await keys()).toEqual(counted);

    // a day after their windows started, no limit reads the counts: they go, and the job is free again
    at(ATTEMPT_HORIZON_MS + MINUTE_MS + 1);
    expect(await prune()).toEqual({ ran: true, attempts: counted.length, codes: 0 });
    expect(await keys()).toEqual([]);
    expect(await app.db.select().from(jobClaims).where(eq(jobClaims.name, JOB))).toEqual([]);
  });
});
