CREATE INDEX "orders_main_guid_idx" ON "orders" USING btree ("main_guid");--> statement-breakpoint
CREATE INDEX "table_users_guid_idx" ON "table_users" USING btree ("guid");