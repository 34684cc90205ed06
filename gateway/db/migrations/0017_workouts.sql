CREATE TABLE "workout_content_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workout_content_state_one_row" CHECK ("workout_content_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "workout_drawings" (
	"file" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"svg" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_exercises" (
	"slug" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"everkinetic_id" text,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"primer_vi" text NOT NULL,
	"primer_en" text NOT NULL,
	"steps_vi" text[] NOT NULL,
	"steps_en" text[] NOT NULL,
	"body_parts" text[] NOT NULL,
	"primary_muscles" text[] NOT NULL,
	"equipment" text[] NOT NULL,
	"kind" text NOT NULL,
	"level" text NOT NULL,
	"start_drawing_url" text NOT NULL,
	"end_drawing_url" text NOT NULL,
	CONSTRAINT "workout_exercises_source_check" CHECK ("workout_exercises"."source" in ('everkinetic', 'own'))
);
--> statement-breakpoint
CREATE TABLE "workout_favorites" (
	"account_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workout_favorites_account_id_lesson_id_pk" PRIMARY KEY("account_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "workout_lesson_progress" (
	"account_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"times_completed" integer DEFAULT 0 NOT NULL,
	"last_completed_at" timestamp with time zone,
	"run_mapping_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"run_last_mapping_id" integer,
	"run_last_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workout_lesson_progress_account_id_lesson_id_pk" PRIMARY KEY("account_id","lesson_id"),
	CONSTRAINT "workout_lesson_progress_times_check" CHECK ("workout_lesson_progress"."times_completed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workout_lessons" (
	"id" integer PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"level" text NOT NULL,
	"minutes" smallint NOT NULL,
	"equipment" text[] NOT NULL,
	"week" smallint,
	"session" smallint,
	"position" smallint NOT NULL,
	"main_count" smallint NOT NULL,
	"warm_up_count" smallint NOT NULL,
	"cool_down_count" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "workout_lessons_slug_unique" UNIQUE("slug"),
	CONSTRAINT "workout_lessons_minutes_check" CHECK ("workout_lessons"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "workout_mappings" (
	"id" integer PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"exercise_slug" text NOT NULL,
	"block" text NOT NULL,
	"position" smallint NOT NULL,
	"sets" smallint NOT NULL,
	"reps" smallint,
	"seconds" smallint,
	"rest_seconds" smallint NOT NULL,
	"per_side" boolean DEFAULT false NOT NULL,
	"tempo_vi" text,
	"tempo_en" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "workout_mappings_block_check" CHECK ("workout_mappings"."block" in ('warmUp', 'main', 'coolDown')),
	CONSTRAINT "workout_mappings_amount_check" CHECK (("workout_mappings"."reps" is null) <> ("workout_mappings"."seconds" is null) and coalesce("workout_mappings"."reps", "workout_mappings"."seconds") > 0),
	CONSTRAINT "workout_mappings_sets_check" CHECK ("workout_mappings"."sets" >= 1 and "workout_mappings"."rest_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workout_progress_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"mapping_id" integer,
	"kind" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer,
	"reps" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workout_progress_events_kind_check" CHECK ("workout_progress_events"."kind" in ('EXERCISE_DONE', 'LESSON_DONE', 'LESSON_CONFIRMED')),
	CONSTRAINT "workout_progress_events_mapping_check" CHECK (("workout_progress_events"."kind" = 'EXERCISE_DONE') = ("workout_progress_events"."mapping_id" is not null)),
	CONSTRAINT "workout_progress_events_duration_check" CHECK ("workout_progress_events"."duration_seconds" is null or "workout_progress_events"."duration_seconds" between 0 and 86400),
	CONSTRAINT "workout_progress_events_reps_check" CHECK ("workout_progress_events"."reps" is null or "workout_progress_events"."reps" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "workout_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"description_vi" text NOT NULL,
	"description_en" text NOT NULL,
	"weeks" smallint,
	"sessions_per_week" smallint,
	"cover_url" text NOT NULL,
	"position" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "workout_types_slug_unique" UNIQUE("slug"),
	CONSTRAINT "workout_types_kind_check" CHECK ("workout_types"."kind" in ('BODY_PART', 'PROGRAMME'))
);
--> statement-breakpoint
ALTER TABLE "workout_favorites" ADD CONSTRAINT "workout_favorites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_favorites" ADD CONSTRAINT "workout_favorites_lesson_id_workout_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."workout_lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_lesson_progress" ADD CONSTRAINT "workout_lesson_progress_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_lesson_progress" ADD CONSTRAINT "workout_lesson_progress_lesson_id_workout_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."workout_lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_lessons" ADD CONSTRAINT "workout_lessons_type_id_workout_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."workout_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_mappings" ADD CONSTRAINT "workout_mappings_lesson_id_workout_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."workout_lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_mappings" ADD CONSTRAINT "workout_mappings_exercise_slug_workout_exercises_slug_fk" FOREIGN KEY ("exercise_slug") REFERENCES "public"."workout_exercises"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_progress_events" ADD CONSTRAINT "workout_progress_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_progress_events" ADD CONSTRAINT "workout_progress_events_lesson_id_workout_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."workout_lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_progress_events" ADD CONSTRAINT "workout_progress_events_mapping_id_workout_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."workout_mappings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workout_favorites_account_idx" ON "workout_favorites" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "workout_lessons_type_idx" ON "workout_lessons" USING btree ("type_id","position");--> statement-breakpoint
CREATE INDEX "workout_mappings_lesson_idx" ON "workout_mappings" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE INDEX "workout_progress_events_lesson_idx" ON "workout_progress_events" USING btree ("account_id","lesson_id","happened_at");