import type { Permission } from "@tablemate/core";
import type { Db } from "../../../src/db/client.js";
import type { TestApp } from "../harness.js";

/** What a row's request and snapshot may use: the app, the restaurant under test, and ways to make state. */
export interface MatrixContext {
  app: TestApp;
  db: Db;
  /** the restaurant every row acts at (a pay-later dine-in demo restaurant) */
  rid: number;
  /** a table of that restaurant no other request has used */
  freeTable(): number;
  /** a diner seated at a free table (its visit open, nothing ordered) */
  seatedTable(): Promise<{ tableId: number }>;
  /** an order just placed by a diner at a free table (status 0) */
  placedOrder(): Promise<{ orderId: number; tableId: number }>;
  /** a fresh staff member of the restaurant (made through the staff module, not a route) */
  staffMember(role?: "waiter" | "cashier" | "kitchen" | "manager"): Promise<{ accountId: number }>;
  /** a fresh API key of the restaurant */
  apiKey(): Promise<{ keyId: number }>;
  /** a number unique in this run (logins, names) */
  unique(): number;
}

/**
 * One staff route in the role × route matrix: the permission its guard asks, a valid request
 * (made afresh for each role, so an allowed call really does what the route does), and the rows
 * it may change (compared before and after a refused call: a 403 changes nothing).
 */
export interface MatrixRow {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** the route's pattern as registered: `/console/api/v1/restaurants/:rid/...` */
  route: string;
  permission: Permission;
  /** a few words when a route has several rows (one per permission its body can ask) */
  variant?: string;
  /** `headers`: the request's own (a multipart upload's content type), beside the staff member's */
  request(ctx: MatrixContext): Promise<{ url: string; payload?: object; headers?: Record<string, string> }>;
  snapshot(ctx: MatrixContext): Promise<unknown>;
  /**
   * Whether an allowed call writes one audit log entry (every change does; reads do not). Default:
   * true for everything but GET.
   */
  audits?: boolean;
}
