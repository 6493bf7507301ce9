import { ALLERGEN_API, shareAllergensBodySchema, tableAllergensQuerySchema } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { requireVisitor } from "../../security/visitor.js";
import { getSeatedTable } from "../table/tables.js";
import { shareAllergens, tableAllergens } from "./table.js";

/** The diner's allergy calls: only a diner seated at the table's open visit reads or shares. */
export function allergenRoutes(app: FastifyInstance, db: Db, signer: Signer): void {
  app.get(ALLERGEN_API.tableAllergens, async (request) => {
    const { rid, tableId } = parse(tableAllergensQuerySchema, request.query);
    const guid = requireVisitor(signer, request);
    const { visitId } = await getSeatedTable(db, rid, tableId, guid);
    return ok(await tableAllergens(db, visitId), 200);
  });

  app.post(ALLERGEN_API.tableAllergens, async (request) => {
    const { rid } = parse(tableAllergensQuerySchema.pick({ rid: true }), request.query);
    const body = parse(shareAllergensBodySchema, request.body);
    const guid = requireVisitor(signer, request, body.guid);
    const { visitId } = await getSeatedTable(db, rid, body.tableId, guid);
    return ok(await shareAllergens(db, visitId, guid, body.avoid), 200);
  });
}
