CREATE TABLE "pt_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pt_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pt_contract_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"trainer_account_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"day" text NOT NULL,
	"after_minute" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"start_epoch_minute" integer NOT NULL,
	"end_epoch_minute" integer NOT NULL,
	"status" text NOT NULL,
	"rating" smallint,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pt_bookings_status_check" CHECK ("pt_bookings"."status" in ('WAITPTCONFIRM', 'BOOKED', 'COMPLETED', 'CANCELLED', 'REJECTED')),
	CONSTRAINT "pt_bookings_minutes_check" CHECK ("pt_bookings"."after_minute" between 0 and 1439 and "pt_bookings"."end_epoch_minute" > "pt_bookings"."start_epoch_minute"),
	CONSTRAINT "pt_bookings_rating_check" CHECK ("pt_bookings"."rating" is null or ("pt_bookings"."rating" between 1 and 5 and "pt_bookings"."status" = 'COMPLETED'))
);
--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_pt_contract_id_pt_contracts_id_fk" FOREIGN KEY ("pt_contract_id") REFERENCES "public"."pt_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_trainer_account_id_pt_trainers_account_id_fk" FOREIGN KEY ("trainer_account_id") REFERENCES "public"."pt_trainers"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pt_bookings_account_idx" ON "pt_bookings" USING btree ("account_id","starts_at");--> statement-breakpoint
CREATE INDEX "pt_bookings_trainer_idx" ON "pt_bookings" USING btree ("trainer_account_id","starts_at");--> statement-breakpoint
CREATE INDEX "pt_bookings_contract_idx" ON "pt_bookings" USING btree ("pt_contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pt_bookings_one_a_day_idx" ON "pt_bookings" USING btree ("account_id","day") WHERE "pt_bookings"."status" in ('WAITPTCONFIRM', 'BOOKED', 'COMPLETED');--> statement-breakpoint
-- ADR 046: a trainer is never booked twice at once. Each trainer's bookings sit on their own stretch
-- of one number line (trainer id × 10⁹ + minutes since 1970), so a plain range exclusion (GiST on
-- int8range, no btree_gist extension: the same on PGlite and PostgreSQL) refuses any overlap.
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_trainer_clash" EXCLUDE USING gist (
	int8range("trainer_account_id"::int8 * 1000000000 + "start_epoch_minute", "trainer_account_id"::int8 * 1000000000 + "end_epoch_minute") WITH &&
) WHERE ("status" in ('WAITPTCONFIRM', 'BOOKED', 'COMPLETED'));
