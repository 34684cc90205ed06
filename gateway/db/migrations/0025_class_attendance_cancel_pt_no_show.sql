ALTER TABLE "pt_bookings" DROP CONSTRAINT "pt_bookings_status_check";--> statement-breakpoint
DROP INDEX "pt_bookings_one_a_day_idx";--> statement-breakpoint
DROP INDEX "pt_bookings_one_per_free_session_idx";--> statement-breakpoint
ALTER TABLE "class_bookings" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pt_bookings_one_a_day_idx" ON "pt_bookings" USING btree ("account_id","day") WHERE "pt_bookings"."status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW');--> statement-breakpoint
CREATE UNIQUE INDEX "pt_bookings_one_per_free_session_idx" ON "pt_bookings" USING btree ("free_session_id") WHERE "pt_bookings"."status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW');--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_attendance_check" CHECK (("class_bookings"."attendance" is null and "class_bookings"."attendance_marked_at" is null) or ("class_bookings"."attendance" in ('ATTENDED', 'NO_SHOW') and "class_bookings"."attendance_marked_at" is not null));--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_cancel_reason_check" CHECK ("class_sessions"."cancel_reason" is null or ("class_sessions"."cancelled_at" is not null and char_length("class_sessions"."cancel_reason") between 1 and 300));--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_status_check" CHECK ("pt_bookings"."status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW', 'CANCELLED', 'REJECTED'));--> statement-breakpoint
-- ADR 051: a session the member missed (NO_SHOW) held the trainer's hour like a completed one.
ALTER TABLE "pt_bookings" DROP CONSTRAINT "pt_bookings_trainer_clash";--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_trainer_clash" EXCLUDE USING gist (
	int8range("trainer_account_id"::int8 * 1000000000 + "start_epoch_minute", "trainer_account_id"::int8 * 1000000000 + "end_epoch_minute") WITH &&
) WHERE ("status" in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW'));
