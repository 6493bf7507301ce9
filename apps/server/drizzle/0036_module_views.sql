-- Module-view tracking (spec 001 §9): which modules of a restaurant's menu (its header, 老板推荐, each
-- category and second category) a visitor had on screen, one row per visitor, module and restaurant
-- day; kept on our own server, read by the restaurant as a count of visitors per module.
CREATE TABLE "module_views" (
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"day" date NOT NULL,
	"module" text NOT NULL,
	"guid" text NOT NULL,
	PRIMARY KEY ("restaurant_id", "day", "module", "guid")
);
