/**
 * The menu in other languages (issue 28): the diner's translation call, the `lang` the menu calls
 * take, and the console's translation editor. Rules live in menu-translation.ts.
 */
import { z } from "zod";
import { MENU_TEXT_KINDS } from "../menu-translation.js";
import { idSchema } from "./common.js";

/** Longest base text the menu holds (a dish's intro); a longer source cannot be one of its texts. */
const SOURCE_MAX = 300;
/** A translation may run longer than its source (Chinese is dense): at most this many characters. */
export const TRANSLATION_MAX = 600;

/** A BCP-47 language tag as written by people (en-US, en, ja-JP, zh-Hant-TW), in its canonical case. */
export function canonicalLang(tag: string): string | null {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

export const menuLangSchema = z
  .string()
  .trim()
  .max(35, "语言标记不正确")
  .transform((tag, ctx) => {
    const lang = canonicalLang(tag);
    if (lang === null) {
      ctx.addIssue({ code: "custom", message: "语言标记不正确（如 en-US）" });
      return z.NEVER;
    }
    return lang;
  });

/** The menu calls' optional language (food list, categories, recommends, memos); absent: the base text. */
export const menuLangQuerySchema = z.object({ lang: menuLangSchema.optional() });

export const menuTranslationQuerySchema = z.object({ rid: idSchema, lang: menuLangSchema });

/** The menu-translation call's answer: the offered languages, and the chosen one's texts. */
export const menuTranslationSchema = z.object({
  /** the restaurant's own language: the base text */
  base: z.string(),
  /** the languages the whole menu is translated into, besides the base */
  offered: z.array(z.string()),
  lang: z.string(),
  /** every text of the menu diners see (base text, trimmed) → its translation */
  texts: z.record(z.string(), z.string()),
});
export type MenuTranslation = z.infer<typeof menuTranslationSchema>;

// ---------------------------------------------------------------------------------------------
// Console

export const consoleTranslationsQuerySchema = z.object({ lang: menuLangSchema });

export const consoleTranslationsInputSchema = z.object({
  lang: menuLangSchema,
  /** each a text of the restaurant's menu and its translation; an empty translation removes it */
  texts: z
    .array(
      z.object({
        source: z.string().trim().min(1, "原文不能为空").max(SOURCE_MAX, `原文不能超过 ${SOURCE_MAX} 个字`),
        text: z.string().trim().max(TRANSLATION_MAX, `译文不能超过 ${TRANSLATION_MAX} 个字`),
      }),
    )
    .min(1, "没有要保存的翻译")
    .max(500, "一次最多保存 500 条翻译")
    .refine((texts) => new Set(texts.map((t) => t.source)).size === texts.length, {
      message: "同一原文不能出现两次",
    }),
});
export type ConsoleTranslationsInput = z.infer<typeof consoleTranslationsInputSchema>;

const menuTextKindSchema = z.enum(MENU_TEXT_KINDS);

/** A language's completeness over the menu diners see: offered once every text is translated. */
export const languageCoverageSchema = z.object({
  lang: z.string(),
  total: z.number().int(),
  translated: z.number().int(),
  offered: z.boolean(),
});
export type LanguageCoverage = z.infer<typeof languageCoverageSchema>;

/** The console's translations answer: every language begun, and one language's texts. */
export const consoleTranslationsSchema = z.object({
  base: z.string(),
  /** every language with a translation (and the one asked), with its completeness */
  languages: z.array(languageCoverageSchema),
  lang: z.string(),
  /** every text of the menu, hidden dishes' too; `required` ones are what diners see (completeness counts them) */
  items: z.array(
    z.object({
      source: z.string(),
      places: z.array(z.object({ kind: menuTextKindSchema, dishId: z.number().int().nullable() })),
      required: z.boolean(),
      text: z.string().nullable(),
    }),
  ),
});
export type ConsoleTranslations = z.infer<typeof consoleTranslationsSchema>;
