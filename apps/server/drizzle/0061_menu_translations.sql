-- The menu in other languages (issue 28). The restaurant's own words stay the base text; a translation is
-- kept per language (a BCP-47 tag, canonical case) for each distinct text of its menu, so a text translated
-- once reads translated wherever it appears, and a text the console changes is a new text (no translation
-- stands for words it was not made for). A language is offered to diners when every text they see has one.
CREATE TABLE "menu_translations" (
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"lang" text NOT NULL,
	"source" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_translations_pk" PRIMARY KEY ("restaurant_id", "lang", "source")
);
