-- A newcomer now counts under the holder id its new cookie carries, not under its address: the
-- uncounted rows that only remembered that id (beside an address's counted row) go with the column.
DELETE FROM "campaign_visits" WHERE NOT "counted";--> statement-breakpoint
ALTER TABLE "campaign_visits" DROP COLUMN "counted";
