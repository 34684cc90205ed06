CREATE TABLE "free_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "free_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"source" text NOT NULL,
	"ordinal" smallint NOT NULL,
	"valid_from" text NOT NULL,
	"valid_until" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_sessions_source_check" CHECK ("free_sessions"."source" in ('PLAN', 'EXPERIENCE')),
	CONSTRAINT "free_sessions_window_check" CHECK ("free_sessions"."valid_from" <= "free_sessions"."valid_until" and "free_sessions"."ordinal" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "pt_bookings" DROP CONSTRAINT "pt_bookings_status_check";--> statement-breakpoint
DROP INDEX "pt_bookings_one_a_day_idx";--> statement-breakpoint
ALTER TABLE "pt_bookings" ALTER COLUMN "pt_contract_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "free_pt_sessions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD COLUMN "free_session_id" integer;--> statement-breakpoint
ALTER TABLE "free_sessions" ADD CONSTRAINT "free_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_sessions" ADD CONSTRAINT "free_sessions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_sessions_one_grant_idx" ON "free_sessions" USING btree ("account_id","source","ordinal");--> statement-breakpoint
CREATE INDEX "free_sessions_club_idx" ON "free_sessions" USING btree ("club_id");--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_free_session_id_free_sessions_id_fk" FOREIGN KEY ("free_session_id") REFERENCES "public"."free_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pt_bookings_one_per_free_session_idx" ON "pt_bookings" USING btree ("free_session_id") WHERE "pt_bookings"."status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED');--> statement-breakpoint
CREATE UNIQUE INDEX "pt_bookings_one_open_trial_idx" ON "pt_bookings" USING btree ("account_id") WHERE "pt_bookings"."free_session_id" is not null and "pt_bookings"."status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED');--> statement-breakpoint
CREATE INDEX "pt_bookings_free_session_idx" ON "pt_bookings" USING btree ("free_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pt_bookings_one_a_day_idx" ON "pt_bookings" USING btree ("account_id","day") WHERE "pt_bookings"."status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED');--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_free_pt_check" CHECK ("payment_plans"."free_pt_sessions" between 0 and 10);--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_source_check" CHECK (num_nonnulls("pt_bookings"."pt_contract_id", "pt_bookings"."free_session_id") = 1);--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_status_check" CHECK ("pt_bookings"."status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'CANCELLED', 'REJECTED'));--> statement-breakpoint
-- ADR 048: a trial session the club proposed (WAITCUSCONFIRM) holds the trainer's hour as well.
ALTER TABLE "pt_bookings" DROP CONSTRAINT "pt_bookings_trainer_clash";--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_trainer_clash" EXCLUDE USING gist (
	int8range("trainer_account_id"::int8 * 1000000000 + "start_epoch_minute", "trainer_account_id"::int8 * 1000000000 + "end_epoch_minute") WITH &&
) WHERE ("status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED'));
--> statement-breakpoint
-- §9 (ADR 048): the year-long plans give two free PT sessions in the first 14 days.
UPDATE "payment_plans" SET "free_pt_sessions" = 2 WHERE "duration_unit" = 'month' AND "duration_value" = 12;
