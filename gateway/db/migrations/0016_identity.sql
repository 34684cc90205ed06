CREATE TABLE "identity_verifications" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"id_number" text NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"sex" text,
	"address" text,
	"expires_on" date,
	"method" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_id_number_unique" UNIQUE("id_number"),
	CONSTRAINT "identity_verifications_document_type" CHECK ("identity_verifications"."document_type" in ('ID_CARD', 'PASSPORT')),
	CONSTRAINT "identity_verifications_sex" CHECK ("identity_verifications"."sex" is null or "identity_verifications"."sex" in ('MALE', 'FEMALE'))
);
--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;