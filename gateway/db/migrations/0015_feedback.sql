CREATE TABLE "feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"club_id" integer NOT NULL,
	"account_id" integer,
	"type" text NOT NULL,
	"rate" integer NOT NULL,
	"comment" text NOT NULL,
	"phone_number" text,
	"photo_media_id" text,
	"state" text DEFAULT 'NEW' NOT NULL,
	"reply" text,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rate_check" CHECK ("feedback"."rate" between 1 and 5),
	CONSTRAINT "feedback_source_check" CHECK ("feedback"."source" in ('MEMBER', 'PUBLIC')),
	CONSTRAINT "feedback_state_check" CHECK ("feedback"."state" in ('NEW', 'HANDLED')),
	CONSTRAINT "feedback_comment_check" CHECK (char_length("feedback"."comment") between 1 and 1000),
	CONSTRAINT "feedback_handled_check" CHECK (("feedback"."state" = 'HANDLED') = ("feedback"."handled_at" is not null and "feedback"."reply" is not null))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_photo_media_id_media_files_id_fk" FOREIGN KEY ("photo_media_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_by_accounts_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_club_idx" ON "feedback" USING btree ("club_id","state","created_at" desc);