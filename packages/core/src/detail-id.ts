import type { LineChoice } from "./pricing.js";

/**
 * A cart line's detail id (spec 000 §3): the food id, then `_normId_`, then the method ids joined
 * by `&`; each addition appended after `~` as `id#count`; each combo part as `@itemId#count`, so a
 * part reads foodId…@itemId. Parts of the id are sorted, so the same choice always gives one id.
 */
export function detailId(foodId: number, choice: LineChoice): string {
  const methods = [...choice.methodIds].sort((a, b) => a - b).join("&");
  const additions = [...choice.additions]
    .filter((a) => a.count > 0)
    .sort((a, b) => a.id - b.id)
    .map((a) => `~${a.id}#${a.count}`)
    .join("");
  const parts = [...choice.parts]
    .filter((p) => p.count > 0)
    .sort((a, b) => a.itemId - b.itemId)
    .map((p) => `@${p.itemId}#${p.count}`)
    .join("");
  return `${foodId}_${choice.normId ?? ""}_${methods}${additions}${parts}`;
}

const DETAIL_ID = /^(\d+)_(\d*)_((?:\d+(?:&\d+)*)?)((?:~\d+#\d+)*)((?:@\d+#\d+)*)$/;

function pairs(segment: string, mark: string): Array<[number, number]> {
  return segment
    .split(mark)
    .filter(Boolean)
    .map((pair) => {
      const [id, count] = pair.split("#");
      return [Number(id), Number(count)];
    });
}

/** The inverse of detailId; null for anything that is not one. */
export function parseDetailId(id: string): ({ foodId: number } & LineChoice) | null {
  const match = DETAIL_ID.exec(id);
  if (!match) return null;
  const [, food = "", norm = "", methods = "", additions = "", parts = ""] = match;
  return {
    foodId: Number(food),
    normId: norm === "" ? null : Number(norm),
    methodIds: methods === "" ? [] : methods.split("&").map(Number),
    additions: pairs(additions, "~").map(([id, count]) => ({ id, count })),
    parts: pairs(parts, "@").map(([itemId, count]) => ({ itemId, count })),
  };
}
