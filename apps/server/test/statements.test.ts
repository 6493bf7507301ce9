import { describe, expect, it } from "vitest";
import { namedStatement, runNamed } from "../src/db/statements.js";
import { BACKENDS, createTestDatabase } from "./support/databases.js";

describe("statements with named parameters", () => {
  it("numbers parameters in the order they first appear, one number per name", () => {
    const statement = namedStatement("t", "select @b::int + @a::int, @b::text, x::int from y where z = @a");
    expect(statement.text).toBe("select $1::int + $2::int, $1::text, x::int from y where z = $2");
    expect(statement.params).toEqual(["b", "a"]);
  });

  it.each(BACKENDS)("passes the values by name on %s, and refuses a missing one", async (backend) => {
    const database = await createTestDatabase(backend);
    try {
      const { db } = database.database;
      const sum = namedStatement("named_sum", "select @b::int - @a::int as d, @b::int as b");
      expect(await runNamed(db, sum, { a: 2, b: 7, unused: 1 })).toEqual([{ d: 5, b: 7 }]);
      expect(() => runNamed(db, sum, { b: 7 })).toThrow("named_sum: no value for @a");
    } finally {
      await database.drop();
    }
  });
});
