CREATE TABLE "pt_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pt_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"trainer_account_id" integer NOT NULL,
	"pt_package_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"sessions" smallint NOT NULL,
	"validity_days" smallint NOT NULL,
	"price" integer NOT NULL,
	"is_silver" boolean NOT NULL,
	"state" text NOT NULL,
	"sessions_used" smallint DEFAULT 0 NOT NULL,
	"start_date" text,
	"end_date" text,
	"answered_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pt_contracts_state_check" CHECK ("pt_contracts"."state" in ('WAITPTCONFIRM', 'WAITFORPAYMENT', 'PAID', 'REJECTED', 'CANCELLED')),
	CONSTRAINT "pt_contracts_terms_check" CHECK ("pt_contracts"."sessions" > 0 and "pt_contracts"."validity_days" > 0 and "pt_contracts"."price" > 0),
	CONSTRAINT "pt_contracts_used_check" CHECK ("pt_contracts"."sessions_used" between 0 and "pt_contracts"."sessions"),
	CONSTRAINT "pt_contracts_paid_dates_check" CHECK (("pt_contracts"."state" = 'PAID') = ("pt_contracts"."start_date" is not null and "pt_contracts"."end_date" is not null and "pt_contracts"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "contract_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pt_contract_id" integer;--> statement-breakpoint
ALTER TABLE "pt_contracts" ADD CONSTRAINT "pt_contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_contracts" ADD CONSTRAINT "pt_contracts_trainer_account_id_pt_trainers_account_id_fk" FOREIGN KEY ("trainer_account_id") REFERENCES "public"."pt_trainers"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_contracts" ADD CONSTRAINT "pt_contracts_pt_package_id_pt_packages_id_fk" FOREIGN KEY ("pt_package_id") REFERENCES "public"."pt_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_contracts" ADD CONSTRAINT "pt_contracts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pt_contracts_account_idx" ON "pt_contracts" USING btree ("account_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "pt_contracts_trainer_idx" ON "pt_contracts" USING btree ("trainer_account_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "pt_contracts_one_unpaid_idx" ON "pt_contracts" USING btree ("account_id") WHERE "pt_contracts"."state" in ('WAITPTCONFIRM', 'WAITFORPAYMENT');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pt_contract_id_pt_contracts_id_fk" FOREIGN KEY ("pt_contract_id") REFERENCES "public"."pt_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_pt_idx" ON "payments" USING btree ("pt_contract_id") WHERE "payments"."pt_contract_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_one_check" CHECK (num_nonnulls("payments"."contract_id", "payments"."pt_contract_id") = 1);