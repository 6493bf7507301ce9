import {
  API,
  type CardLoginAnswer,
  canonicalPhone,
  cardActivateAnswerSchema,
  cardLoginAnswerSchema,
  crmTypeAnswerSchema,
  envelopeSchema,
  MEMBER_TOKEN_HEADER,
  type MemberCard,
  type MemberFamily,
  memberPaths,
  userInfoSchema,
} from "@tablemate/core";
import type { APIRequestContext, APIResponse, Page } from "playwright-core";
import { expect } from "vitest";
import type { z } from "zod";
import type { RunningServer } from "./server.js";
import { loggedCodes } from "./sms.js";

/** A member logged in through the real routes: the login's answer, its family, and the headers member calls need. */
export interface MemberLogin extends CardLoginAnswer {
  family: MemberFamily;
  /** the visitor credential (`token`) and the member token (`member-token`) */
  headers: Record<string, string>;
}

async function dataOf<S extends z.ZodType>(
  response: APIResponse,
  schema: S,
  what: string,
): Promise<z.infer<S>> {
  const body = envelopeSchema.parse(await response.json());
  expect(body, what).toMatchObject({ success: true });
  return schema.parse(body.data);
}

/**
 * Logs `phone` in at restaurant `rid` as a diner would, through the real routes: the visitor it acts
 * as (a page's own cookies, or a request context's, made a visitor by getUserInfo when it is none),
 * the restaurant's member family (crm-type), a login code asked for and read from the server's log
 * (the default log sender), then cards/login. `openCard` activates the restaurant's default card when
 * the member holds none here. A page must have loaded the app (or any page of the server) first only
 * if its own visitor is wanted; the member token is answered, not stored: put it where the app keeps it.
 */
export async function memberLogin(
  server: RunningServer,
  from: Page | APIRequestContext,
  options: { rid: number; phone: string; openCard?: boolean },
): Promise<MemberLogin> {
  const http = "request" in from ? from.request : from;
  const { rid } = options;
  const phone = canonicalPhone(options.phone);
  if (!phone) throw new Error(`not a phone: ${options.phone}`);
  const at = (path: string) => `${server.url}${path}`;

  const user = await http.get(at(`${API.userInfo}?rid=${rid}`));
  const visitor = userInfoSchema.parse(envelopeSchema.parse(await user.json()).message);
  const crm = await dataOf(await http.get(at(`${API.crmType}?rid=${rid}`)), crmTypeAnswerSchema, "crm type");
  const family = crm.crmType;
  const paths = memberPaths(family);
  const visitorHeaders = { token: visitor.token };

  const before = loggedCodes(server, phone).length;
  const asked = await http.post(at(paths.loginCode), { form: { rid, phone }, headers: visitorHeaders });
  expect(await asked.json(), "login code").toMatchObject({ success: true });
  await expect.poll(() => loggedCodes(server, phone).length, { timeout: 10_000 }).toBeGreaterThan(before);
  const code = loggedCodes(server, phone).at(-1) ?? "";

  const login = await dataOf(
    await http.post(at(paths.cardLogin), { form: { rid, phone, code }, headers: visitorHeaders }),
    cardLoginAnswerSchema,
    "cards/login",
  );
  const headers = { ...visitorHeaders, [MEMBER_TOKEN_HEADER]: login.token };
  let cards: MemberCard[] = login.cards;
  if (options.openCard && cards.length === 0) {
    const opened = await dataOf(
      await http.post(at(paths.cards), { form: { rid }, headers }),
      cardActivateAnswerSchema,
      "activate",
    );
    cards = [opened.card];
  }
  return { ...login, cards, family, headers };
}

/**
 * The menu's member banner, which loads when the diner first uses the page (a key, a touch, a scroll:
 * issue 28's budget): uses the page with a harmless key and answers the banner once it is drawn.
 */
export async function memberBanner(page: Page) {
  const banner = page.getByTestId("member-bar");
  const drawn = banner.or(page.getByTestId("member-bar-hidden")).first();
  const deadline = Date.now() + 30_000;
  // a key pressed before the page listens for its first use (a reload still starting) is not heard: again
  for (;;) {
    await page.keyboard.press("Shift");
    try {
      await drawn.waitFor({ state: "attached", timeout: 1000 });
      return banner;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}
