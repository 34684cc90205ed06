CREATE TABLE "check_in_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_in_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"key" "bytea" NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"time_step" bigint NOT NULL,
	"staff_account_id" integer,
	"checked_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_devices" ADD CONSTRAINT "check_in_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_device_id_check_in_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."check_in_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_staff_account_id_accounts_id_fk" FOREIGN KEY ("staff_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_devices_device_id_key" ON "check_in_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "check_in_devices_active_idx" ON "check_in_devices" USING btree ("account_id","created_at") WHERE "check_in_devices"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_code_key" ON "visits" USING btree ("device_id","time_step");--> statement-breakpoint
CREATE INDEX "visits_account_idx" ON "visits" USING btree ("account_id","checked_in_at" desc);--> statement-breakpoint
CREATE INDEX "visits_club_time_idx" ON "visits" USING btree ("club_id","checked_in_at");