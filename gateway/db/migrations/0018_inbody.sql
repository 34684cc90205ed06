CREATE TABLE "inbody_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"status" text NOT NULL,
	"photo_id" text,
	"measured_at" timestamp with time zone NOT NULL,
	"weight" double precision,
	"skeletal_muscle_mass" double precision,
	"percent_body_fat" double precision,
	"body_fat_mass" double precision,
	"score" double precision,
	"total_body_water" double precision,
	"protein" double precision,
	"minerals" double precision,
	"lean_body_mass" jsonb NOT NULL,
	"fat_body_mass" jsonb,
	"reading" jsonb,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbody_records_status" CHECK ("inbody_records"."status" in ('DRAFT', 'CONFIRMED')),
	CONSTRAINT "inbody_records_confirmed_values" CHECK ("inbody_records"."status" = 'DRAFT' or ("inbody_records"."weight" between 30 and 250 and "inbody_records"."skeletal_muscle_mass" between 10 and 50 and "inbody_records"."percent_body_fat" between 3 and 65 and "inbody_records"."confirmed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "inbody_records" ADD CONSTRAINT "inbody_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbody_records" ADD CONSTRAINT "inbody_records_photo_id_media_files_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbody_records_account_status_measured" ON "inbody_records" USING btree ("account_id","status","measured_at");