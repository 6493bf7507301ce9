import {
  cardLoginAnswerSchema,
  MEMBER_API,
  MEMBER_TOKEN_HEADER,
  type MemberFamily,
  memberPaths,
} from "@tablemate/core";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { z } from "zod";
import { form, json, type TestApp, visitorToken } from "./harness.js";
import type { smsOutbox } from "./sms-outbox.js";

let addressSeq = 0;
/** A client address of its own (the SMS codes' per-address cap counts per address). */
export const freshAddress = () => {
  addressSeq += 1;
  return `10.9.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};

let phoneSeq = 0;
/** A phone no other test used (a prefix per file keeps files apart on one database server's clock). */
export const freshPhone = (prefix = "1370") =>
  `${prefix}${String(++phoneSeq).padStart(11 - prefix.length, "0")}`;

/** Parses a value with a core schema, failing on any field the schema does not name (the answer is the contract). */
export function expectShape<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    expect.fail(`${JSON.stringify(parsed.error.issues)} in ${JSON.stringify(value).slice(0, 400)}`);
  // schemas strip keys they do not name: an equal result means the server sent no field beyond them
  expect(parsed.data).toEqual(value);
  return parsed.data;
}

/** A successful envelope's data, checked against `schema`, with the answer code expected. */
export function answerOf<S extends z.ZodType>(
  response: LightMyRequestResponse,
  schema: S,
  code = 200,
): z.infer<S> {
  const body = json(response);
  expect(body, JSON.stringify(body).slice(0, 400)).toMatchObject({ code, success: true });
  return expectShape(schema, body.data);
}

/** A refusal: its HTTP status and envelope code. */
export function expectRefusal(response: LightMyRequestResponse, status: number, code: number): void {
  const body = json(response);
  expect([response.statusCode, body.code, body.success], JSON.stringify(body)).toEqual([status, code, false]);
}

/**
 * A diner's browser acting on the member calls of one family: its visitor credential, the member
 * token once logged in, one client address. Logs in through the real routes, with the code the test
 * outbox received.
 */
export class MemberBrowser {
  memberToken: string | null = null;
  readonly paths: ReturnType<typeof memberPaths>;

  constructor(
    readonly app: TestApp,
    readonly rid: number,
    readonly family: MemberFamily,
    readonly guid: string,
    readonly address = freshAddress(),
  ) {
    this.paths = memberPaths(family);
  }

  headers(): Record<string, string> {
    return {
      token: visitorToken(this.guid),
      ...(this.memberToken ? { [MEMBER_TOKEN_HEADER]: this.memberToken } : {}),
    };
  }

  get(url: string, query: Record<string, string | number> = {}) {
    const search = new URLSearchParams({ rid: String(this.rid) });
    for (const [key, value] of Object.entries(query)) search.set(key, String(value));
    return this.app.server.inject({
      method: "GET",
      url: `${url}?${search}`,
      headers: this.headers(),
      remoteAddress: this.address,
    });
  }

  /** token-refresh with `token` in the member-token header, where the app sends it */
  refresh(token: string) {
    return this.app.server.inject({
      method: "GET",
      url: `${MEMBER_API.tokenRefresh}?rid=${this.rid}`,
      headers: { token: visitorToken(this.guid), [MEMBER_TOKEN_HEADER]: token },
      remoteAddress: this.address,
    });
  }

  post(url: string, body: Record<string, string | number | boolean> = {}) {
    const encoded = form({ rid: this.rid, ...body });
    return this.app.server.inject({
      method: "POST",
      url,
      headers: { ...encoded.headers, ...this.headers() },
      payload: encoded.payload,
      remoteAddress: this.address,
    });
  }

  askCode(phone: string) {
    return this.post(this.paths.loginCode, { phone });
  }

  /** Asks a code, types what the outbox received, logs in: the login's answer (200 asserted). */
  async login(outbox: ReturnType<typeof smsOutbox>, phone: string) {
    const asked = await this.askCode(phone);
    expect(json(asked), JSON.stringify(json(asked))).toMatchObject({ code: 200, success: true });
    return this.enter(outbox, phone);
  }

  /** Logs in with the code the outbox last received for `phone` (asked before). */
  async enter(outbox: ReturnType<typeof smsOutbox>, phone: string) {
    const answer = await this.post(this.paths.cardLogin, { phone, code: outbox.codeFor(phone) });
    const data = answerOf(answer, cardLoginAnswerSchema);
    this.memberToken = data.token;
    return data;
  }
}
