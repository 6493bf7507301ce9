/**
 * The console bench's restaurants: made in the bench database, each a plain dine-in restaurant (shared
 * carts, pay later, open all day) with one category of a few plain dishes (no norms, methods or
 * additions, unlimited stock) and its tables (cart/database.ts addBenchTables); and its staff: accounts
 * made through the staff module's own functions, then signed in over the server's sign-in route, as
 * apps/server/test/support/staff.ts does.
 */
import { API, type StaffRole } from "@tablemate/core";
import type { Db } from "../../apps/server/src/db/client.js";
import { categories, dishes, restaurants } from "../../apps/server/src/db/schema.js";
import {
  addMembership,
  hashAccountSecrets,
  insertAccount,
} from "../../apps/server/src/modules/staff/accounts.js";
import { SESSION_COOKIE } from "../../apps/server/src/modules/staff/sessions.js";
import type { Signer } from "../../apps/server/src/security/signer.js";
import type { Seat } from "../cart/commands.js";
import { addBenchTables } from "../cart/database.js";

export interface BenchRestaurant {
  rid: number;
  /** its plain dishes' ids */
  dishIds: number[];
  seats: Seat[];
}

/** scrypt's cost for the bench's passwords (the tests' own): sign-in stays quick, the hash is real */
const PASSWORD_COST = 10;

/** Makes `count` restaurants, each with `dishCount` plain dishes and `tablesEach` tables. */
export async function addBenchRestaurants(
  db: Db,
  signer: Signer,
  input: { count: number; dishCount: number; tablesEach: number },
): Promise<BenchRestaurant[]> {
  const made: BenchRestaurant[] = [];
  for (let n = 1; n <= input.count; n++) {
    const [restaurant] = await db
      .insert(restaurants)
      .values({ name: `压测餐厅${n}` })
      .returning({ id: restaurants.id });
    if (!restaurant) throw new Error("no restaurant inserted");
    const rid = restaurant.id;
    const [category] = await db
      .insert(categories)
      .values({ restaurantId: rid, name: "热菜", sort: 1 })
      .returning({ id: categories.id });
    if (!category) throw new Error("no category inserted");
    const rows = await db
      .insert(dishes)
      .values(
        Array.from({ length: input.dishCount }, (_, i) => ({
          restaurantId: rid,
          categoryId: category.id,
          name: `压测菜${i + 1}`,
          price: String(12 + i * 3),
          sort: i + 1,
        })),
      )
      .returning({ id: dishes.id });
    const seats = await addBenchTables(db, signer, input.tablesEach, rid);
    made.push({ rid, dishIds: rows.map((r) => r.id), seats });
  }
  return made;
}

export interface StaffSession {
  rid: number;
  login: string;
  role: StaffRole;
  /** the Cookie header carrying the session */
  cookie: string;
}

/**
 * One account per role at each restaurant, made with the staff module's functions; each signed in
 * over HTTP (POST /console/api/v1/session), one at a time: the sign-in limits count attempts per
 * address, and every request of the bench comes from 127.0.0.1.
 */
export async function signInStaff(
  db: Db,
  baseUrl: string,
  rids: number[],
  roles: StaffRole[],
): Promise<StaffSession[]> {
  const sessions: StaffSession[] = [];
  for (const rid of rids) {
    for (const role of roles) {
      const staff = {
        login: `bench${rid}-${role}`,
        name: `压测${role}`,
        password: `bench-${role}-${rid}-password`,
        pin: `8${String(rid % 100).padStart(2, "0")}${roles.indexOf(role)}`,
      };
      const hashes = await hashAccountSecrets(staff, PASSWORD_COST);
      await db.transaction(async (tx) => {
        const account = await insertAccount(tx, staff, hashes, new Date());
        await addMembership(tx, account.id, rid, role);
      });
      const answer = await fetch(`${baseUrl}${API.consoleSession}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: staff.login, password: staff.password }),
      });
      const cookie = answer.headers
        .getSetCookie()
        .map((c) => c.split(";")[0] ?? "")
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      if (answer.status !== 200 || !cookie)
        throw new Error(`sign-in as ${staff.login}: ${answer.status} ${await answer.text()}`);
      sessions.push({ rid, login: staff.login, role, cookie });
    }
  }
  return sessions;
}
