CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","sale_price_cents","id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category_id",lower("title") collate "C","id");