/** A catalogue as compiled (build/icu-catalogues.ts): a function per message, nested as written. */
export interface Compiled {
  [key: string]: Compiled | ((values?: unknown) => string);
}

type Words = Record<string, unknown>;

/** A source word or message becomes an ICU message; a function's values are {0}, {1}… in its order. */
export type Messages<T> = T extends string
  ? string
  : T extends (...values: never[]) => string
    ? string
    : { readonly [K in keyof T]: Messages<T[K]> };

/** Each namespace's source words as first written, to write over and to come back to. */
const originals = new Map<object, Words>();

function original(words: Words): Words {
  let source = originals.get(words);
  if (!source) {
    source = { ...words };
    originals.set(words, source);
  }
  return source;
}

/**
 * Writes a copy module's words in a catalogue's language, in place, so call sites stay as they were:
 * a word stays a string, a message with values a function of positional values ({0}, {1} in ICU), a
 * group an object. A message the catalogue lacks, or no catalogue (zh-CN), leaves the source's.
 */
export function translateWords(words: Words, messages: Compiled | undefined): void {
  for (const [key, source] of Object.entries(original(words))) {
    const message = messages?.[key];
    if (typeof source === "object" && source !== null) {
      translateWords(source as Words, typeof message === "object" ? message : undefined);
    } else if (typeof message !== "function") {
      words[key] = source;
    } else {
      words[key] = typeof source === "function" ? (...values: unknown[]) => message(values) : message();
    }
  }
}
