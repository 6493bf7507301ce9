/**
 * Member info (001 §3: memberName, sex, birthDay, isLunar), the member's own: GET answers 100201 with
 * no data while none was given; POST answers 100801 when it changes nothing. Both are answers, not
 * refusals (001 §8).
 */
import type { MemberInfo } from "@tablemate/core";
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { members } from "../../db/schema.js";
import type { MemberRow } from "./members.js";
import type { MemberInfoChange, MemberOfCall } from "./port.js";

function infoOf(row: MemberRow): MemberInfo {
  return {
    memberId: row.id,
    memberName: row.name,
    sex: row.sex,
    birthDay: row.birthday ?? "",
    isLunar: row.isLunar,
  };
}

const isEmpty = (row: MemberRow) => row.name === "" && row.sex === 0 && !row.birthday && !row.isLunar;

/** The member's info, or null while none was given (100201). */
export async function memberInfo(db: Db, member: MemberOfCall): Promise<MemberInfo | null> {
  const [row] = await db.select().from(members).where(eq(members.id, member.memberId));
  if (!row) throw new Error(`member ${member.memberId} of a live session is gone`);
  return isEmpty(row) ? null : infoOf(row);
}

/** Writes the member's info; `changed` false (100801) when it was so already. */
export async function updateMemberInfo(
  db: Db,
  member: MemberOfCall,
  body: MemberInfoChange,
): Promise<{ info: MemberInfo; changed: boolean }> {
  const next = {
    name: body.memberName,
    sex: body.sex,
    birthday: body.birthDay === "" ? null : body.birthDay,
    isLunar: body.isLunar,
  };
  const [changed] = await db
    .update(members)
    .set(next)
    .where(
      and(
        eq(members.id, member.memberId),
        or(
          sql`${members.name} <> ${next.name}`,
          sql`${members.sex} <> ${next.sex}`,
          sql`${members.birthday} is distinct from ${next.birthday}`,
          sql`${members.isLunar} <> ${next.isLunar}`,
        ),
      ),
    )
    .returning();
  if (changed) return { info: infoOf(changed), changed: true };
  const [row] = await db.select().from(members).where(eq(members.id, member.memberId));
  if (!row) throw new Error(`member ${member.memberId} of a live session is gone`);
  return { info: infoOf(row), changed: false };
}
