CREATE TABLE "legal_source_checks" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"title" text,
	"repealed_on" text,
	"repealed_by" text,
	"url" text,
	"checked_at" timestamp with time zone NOT NULL
);
