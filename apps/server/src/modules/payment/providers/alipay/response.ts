/**
 * Alipay signs an answer's response node as the exact text it sent: in
 * {"alipay_trade_query_response":{…},"sign":"…"} the signature is over the characters of {…}, so the
 * node is cut out of the raw text, never re-serialised from a parse.
 */

/** The raw text of a top-level member's value, or undefined when the object has no such member. */
export function rawMember(json: string, name: string): string | undefined {
  let i = skipSpace(json, 0);
  if (json[i] !== "{") return undefined;
  i += 1;
  while (i < json.length) {
    i = skipSpace(json, i);
    if (json[i] === "}") return undefined;
    if (json[i] !== '"') return undefined;
    const keyEnd = stringEnd(json, i);
    if (keyEnd === undefined) return undefined;
    const key = JSON.parse(json.slice(i, keyEnd)) as string;
    i = skipSpace(json, keyEnd);
    if (json[i] !== ":") return undefined;
    const valueStart = skipSpace(json, i + 1);
    const valueEnd = valueEndAt(json, valueStart);
    if (valueEnd === undefined) return undefined;
    if (key === name) return json.slice(valueStart, valueEnd);
    i = skipSpace(json, valueEnd);
    if (json[i] === ",") i += 1;
  }
  return undefined;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i += 1;
  return i;
}

/** The index just past the string starting at `from` (a '"'). */
function stringEnd(text: string, from: number): number | undefined {
  for (let i = from + 1; i < text.length; i += 1) {
    if (text[i] === "\\") i += 1;
    else if (text[i] === '"') return i + 1;
  }
  return undefined;
}

/** The index just past the JSON value starting at `from`. */
function valueEndAt(text: string, from: number): number | undefined {
  const first = text[from];
  if (first === '"') return stringEnd(text, from);
  if (first !== "{" && first !== "[") {
    const m = /^[^,}\]\s]+/.exec(text.slice(from));
    return m ? from + m[0].length : undefined;
  }
  let depth = 0;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end === undefined) return undefined;
      i = end - 1;
    } else if (c === "{" || c === "[") depth += 1;
    else if (c === "}" || c === "]") {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}
