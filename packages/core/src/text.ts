/**
 * The text rule: every text the server takes in (bodies, queries, cookies, socket messages, the JSON
 * inside a form field) is refused when it holds a NUL character or an unpaired UTF-16 surrogate.
 * PostgreSQL stores neither, and no keyboard types them: such text is an attack or a broken client,
 * so it is refused (400) rather than cleaned, and nothing is written.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isBadText(text: string): boolean {
  return text.includes("\u0000") || UNPAIRED_SURROGATE.test(text);
}

/**
 * Where in a parsed value (object keys included) the first bad text is, as a dotted path
 * (`wholeMemo.memo`, `foods.0.memo`; "" for the value itself), or null when there is none.
 * Walks without recursion, so no nesting can exhaust the stack.
 */
export function findBadText(value: unknown): string | null {
  const queue: Array<{ item: unknown; path: string }> = [{ item: value, path: "" }];
  const at = (path: string, key: string | number) => (path === "" ? String(key) : `${path}.${key}`);
  for (let i = 0; i < queue.length; i++) {
    const { item, path } = queue[i] as { item: unknown; path: string };
    if (typeof item === "string") {
      if (isBadText(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => {
        queue.push({ item: element, path: at(path, index) });
      });
    } else if (typeof item === "object" && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        if (isBadText(key)) return at(path, key);
        queue.push({ item: element, path: at(path, key) });
      }
    }
  }
  return null;
}
