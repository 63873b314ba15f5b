-- An answer's text is indexed once it has ended, not at each save while it streams. Dropping
-- the column drops its index, which is made again over the new column.
ALTER TABLE "messages" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', case when sealed or status = 'streaming' then '' else coalesce(content, '') end)) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");
