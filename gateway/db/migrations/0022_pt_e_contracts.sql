CREATE TABLE "e_seal_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"p12" "bytea" NOT NULL,
	"passphrase" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pt_e_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pt_e_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pt_contract_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"template_version" text NOT NULL,
	"lang" text NOT NULL,
	"document" text NOT NULL,
	"document_sha256" text NOT NULL,
	"status" text NOT NULL,
	"signature_kind" text,
	"signature_image" "bytea",
	"signer_name" text,
	"signer_phone" text,
	"signer_ip" text,
	"signer_user_agent" text,
	"otp_sent_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"pdf" "bytea",
	"pdf_sha256" text,
	"seal_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pt_e_contracts_status_check" CHECK ("pt_e_contracts"."status" in ('UNSIGNED', 'SIGNED')),
	CONSTRAINT "pt_e_contracts_signed_check" CHECK (("pt_e_contracts"."status" = 'SIGNED') = ("pt_e_contracts"."signed_at" is not null and "pt_e_contracts"."pdf" is not null and "pt_e_contracts"."pdf_sha256" is not null and "pt_e_contracts"."signer_name" is not null and "pt_e_contracts"."signature_kind" is not null))
);
--> statement-breakpoint
ALTER TABLE "pt_e_contracts" ADD CONSTRAINT "pt_e_contracts_pt_contract_id_pt_contracts_id_fk" FOREIGN KEY ("pt_contract_id") REFERENCES "public"."pt_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_e_contracts" ADD CONSTRAINT "pt_e_contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pt_e_contracts_contract_idx" ON "pt_e_contracts" USING btree ("pt_contract_id");--> statement-breakpoint
CREATE INDEX "pt_e_contracts_account_idx" ON "pt_e_contracts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "pt_e_contracts_pdf_idx" ON "pt_e_contracts" USING btree ("pdf_sha256");