ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "recommend_sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ids of norms, methods, additions and combo parts the console creates: one sequence, above every
-- demo block (restaurant id × 100000), so an option id is unique across the installation
CREATE SEQUENCE IF NOT EXISTS "menu_option_ids" START WITH 1000000000;
