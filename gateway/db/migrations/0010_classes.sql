CREATE TABLE "class_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waitlisted_at" timestamp with time zone,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "class_bookings_status_check" CHECK ("class_bookings"."status" in ('BOOKED', 'WAITLISTED', 'CANCELLED', 'LATE_CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "class_instructors" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"bio_vi" text NOT NULL,
	"bio_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"class_type_id" integer NOT NULL,
	"instructor_account_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"capacity" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "class_schedules_weekday_check" CHECK ("class_schedules"."weekday" between 1 and 7),
	CONSTRAINT "class_schedules_start_check" CHECK ("class_schedules"."start_minute" between 0 and 1439),
	CONSTRAINT "class_schedules_capacity_check" CHECK ("class_schedules"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer,
	"club_id" integer NOT NULL,
	"class_type_id" integer NOT NULL,
	"instructor_account_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" smallint NOT NULL,
	"booked_count" smallint DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "class_sessions_spots_check" CHECK ("class_sessions"."booked_count" between 0 and "class_sessions"."capacity")
);
--> statement-breakpoint
CREATE TABLE "class_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"description_vi" text NOT NULL,
	"description_en" text NOT NULL,
	"level" text NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"bring_vi" text NOT NULL,
	"bring_en" text NOT NULL,
	CONSTRAINT "class_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_session_id_class_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."class_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_instructors" ADD CONSTRAINT "class_instructors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_rooms" ADD CONSTRAINT "class_rooms_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_instructor_account_id_class_instructors_account_id_fk" FOREIGN KEY ("instructor_account_id") REFERENCES "public"."class_instructors"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_room_id_class_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."class_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_schedule_id_class_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."class_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_instructor_account_id_class_instructors_account_id_fk" FOREIGN KEY ("instructor_account_id") REFERENCES "public"."class_instructors"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_room_id_class_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."class_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_bookings_live_key" ON "class_bookings" USING btree ("session_id","account_id") WHERE "class_bookings"."status" in ('BOOKED', 'WAITLISTED');--> statement-breakpoint
CREATE INDEX "class_bookings_account_idx" ON "class_bookings" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "class_bookings_waitlist_idx" ON "class_bookings" USING btree ("session_id","waitlisted_at") WHERE "class_bookings"."status" = 'WAITLISTED';--> statement-breakpoint
CREATE UNIQUE INDEX "class_rooms_club_name_key" ON "class_rooms" USING btree ("club_id","name_en");--> statement-breakpoint
CREATE INDEX "class_schedules_club_idx" ON "class_schedules" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_sessions_schedule_start_key" ON "class_sessions" USING btree ("schedule_id","starts_at");--> statement-breakpoint
CREATE INDEX "class_sessions_club_start_idx" ON "class_sessions" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE INDEX "class_sessions_start_idx" ON "class_sessions" USING btree ("starts_at");