CREATE TABLE "pt_days_off" (
	"trainer_account_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "pt_days_off_trainer_account_id_day_pk" PRIMARY KEY("trainer_account_id","day")
);
--> statement-breakpoint
CREATE TABLE "pt_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pt_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"sessions" smallint NOT NULL,
	"validity_days" smallint NOT NULL,
	"price" integer NOT NULL,
	"is_silver" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "pt_packages_positive_check" CHECK ("pt_packages"."sessions" > 0 and "pt_packages"."validity_days" > 0 and "pt_packages"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "pt_trainers" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"bio_vi" text NOT NULL,
	"bio_en" text NOT NULL,
	"specialities_vi" text[] NOT NULL,
	"specialities_en" text[] NOT NULL,
	"certificates" text[] NOT NULL,
	"coaching_since" smallint NOT NULL,
	"languages" text[] NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pt_trainers_rating_check" CHECK ("pt_trainers"."rating_sum" >= "pt_trainers"."rating_count" and "pt_trainers"."rating_sum" <= 5 * "pt_trainers"."rating_count")
);
--> statement-breakpoint
CREATE TABLE "pt_working_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pt_working_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trainer_account_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "pt_working_hours_weekday_check" CHECK ("pt_working_hours"."weekday" between 1 and 7),
	CONSTRAINT "pt_working_hours_minutes_check" CHECK ("pt_working_hours"."start_minute" >= 0 and "pt_working_hours"."start_minute" < "pt_working_hours"."end_minute" and "pt_working_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "pt_days_off" ADD CONSTRAINT "pt_days_off_trainer_account_id_pt_trainers_account_id_fk" FOREIGN KEY ("trainer_account_id") REFERENCES "public"."pt_trainers"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_packages" ADD CONSTRAINT "pt_packages_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_trainers" ADD CONSTRAINT "pt_trainers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_working_hours" ADD CONSTRAINT "pt_working_hours_trainer_account_id_pt_trainers_account_id_fk" FOREIGN KEY ("trainer_account_id") REFERENCES "public"."pt_trainers"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_working_hours" ADD CONSTRAINT "pt_working_hours_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pt_packages_club_idx" ON "pt_packages" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "pt_working_hours_trainer_idx" ON "pt_working_hours" USING btree ("trainer_account_id","weekday");--> statement-breakpoint
CREATE INDEX "pt_working_hours_club_idx" ON "pt_working_hours" USING btree ("club_id");