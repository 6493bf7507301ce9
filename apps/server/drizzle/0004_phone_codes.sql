CREATE TABLE "phone_codes" (
	"restaurant_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "phone_codes_restaurant_id_phone_pk" PRIMARY KEY("restaurant_id","phone")
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "verify_phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;