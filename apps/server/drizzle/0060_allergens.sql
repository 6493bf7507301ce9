-- Allergens and diets (issue 29). A dish's allergens are null until the restaurant declares them
-- ("not declared" is kept apart from "declares none": an empty array). Norms, methods, additions and
-- combo parts carry theirs inside their JSON. A diner may share what they avoid with the table
-- (table_users.avoid_allergens), and a table that told the kitchen keeps it for the whole visit, so
-- every station's ticket carries it, 加菜 included (visits.kitchen_allergens).
ALTER TABLE "dishes" ADD COLUMN "allergens" text[];--> statement-breakpoint
ALTER TABLE "dishes" ADD COLUMN "diets" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "table_users" ADD COLUMN "avoid_allergens" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "kitchen_allergens" text[] DEFAULT '{}' NOT NULL;
