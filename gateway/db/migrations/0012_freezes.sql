CREATE TABLE "freeze_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "freeze_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"payment_state" text NOT NULL,
	"paid_at" timestamp with time zone,
	"unfrozen_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freeze_contracts_days_check" CHECK ("freeze_contracts"."days" between 1 and 366),
	CONSTRAINT "freeze_contracts_price_check" CHECK ("freeze_contracts"."price" >= 0),
	CONSTRAINT "freeze_contracts_state_check" CHECK ("freeze_contracts"."payment_state" in ('WAITFORPAYMENT', 'PAID', 'FAIL')),
	CONSTRAINT "freeze_contracts_dates_check" CHECK ("freeze_contracts"."end_date" >= ("freeze_contracts"."start_date"::date - 1)::text)
);
--> statement-breakpoint
CREATE TABLE "freeze_options" (
	"days" integer PRIMARY KEY NOT NULL,
	"price" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "freeze_options_days_check" CHECK ("freeze_options"."days" between 1 and 366),
	CONSTRAINT "freeze_options_price_check" CHECK ("freeze_options"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "freeze_contract_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "freeze_contract_id" integer;--> statement-breakpoint
ALTER TABLE "freeze_contracts" ADD CONSTRAINT "freeze_contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeze_contracts" ADD CONSTRAINT "freeze_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "freeze_contracts_contract_idx" ON "freeze_contracts" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "freeze_contracts_account_idx" ON "freeze_contracts" USING btree ("account_id","created_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "freeze_contracts_one_unpaid_idx" ON "freeze_contracts" USING btree ("contract_id") WHERE "freeze_contracts"."payment_state" = 'WAITFORPAYMENT';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_freeze_contract_id_freeze_contracts_id_fk" FOREIGN KEY ("freeze_contract_id") REFERENCES "public"."freeze_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_freeze_idx" ON "payments" USING btree ("freeze_contract_id") WHERE "payments"."freeze_contract_id" is not null;--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "is_frozen";