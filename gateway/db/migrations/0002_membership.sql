CREATE TABLE "card_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"reference" text NOT NULL,
	"card_type" text NOT NULL,
	"status" text NOT NULL,
	"response_code" text,
	"saved_card_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_requests_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"club_id" integer NOT NULL,
	"payment_plan_id" integer NOT NULL,
	"payment_state" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"signed_at" timestamp with time zone,
	"is_frozen" boolean DEFAULT false NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"payment_method_group_id" integer NOT NULL,
	"is_cash" boolean DEFAULT false NOT NULL,
	"coupon_id" integer,
	"referrer_account_id" integer,
	"referral_code" text,
	"bonus_days" integer DEFAULT 0 NOT NULL,
	"original_price" integer NOT NULL,
	"membership_discount" integer NOT NULL,
	"joining_fee" integer NOT NULL,
	"joining_fee_discount" integer NOT NULL,
	"total_payment" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"description_vi" text NOT NULL,
	"description_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"max_discount" integer,
	"applies_to" text DEFAULT 'membership' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"usage_limit" integer,
	"new_customer_only" boolean DEFAULT false NOT NULL,
	"club_ids" jsonb,
	"plan_types" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"payment_id" integer,
	"amount" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"reviewed_by" integer,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"type" text NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"tag_vi" text,
	"tag_en" text,
	"slogan_vi" text NOT NULL,
	"slogan_en" text NOT NULL,
	"description_vi" text NOT NULL,
	"description_en" text NOT NULL,
	"duration_value" integer NOT NULL,
	"duration_unit" text NOT NULL,
	"original_price" integer NOT NULL,
	"plan_discount" integer DEFAULT 0 NOT NULL,
	"joining_fee" integer DEFAULT 0 NOT NULL,
	"joining_fee_discount" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"method" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"provider_transaction_id" text,
	"response_code" text,
	"pay_url" text,
	"saved_card_id" integer,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rating_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"contract_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"rate" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"token" text NOT NULL,
	"card_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"card_type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"payment_type" text DEFAULT 'FULLPAID' NOT NULL,
	"payment_method" integer NOT NULL,
	"payment_location" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"payment_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "club_id" integer;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "bank_bin" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_referrer_account_id_accounts_id_fk" FOREIGN KEY ("referrer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_campaign_id_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."coupon_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_requests" ADD CONSTRAINT "rating_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_requests" ADD CONSTRAINT "rating_requests_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_account_idx" ON "contracts" USING btree ("account_id","created_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_unpaid_per_club_idx" ON "contracts" USING btree ("account_id","club_id") WHERE "contracts"."payment_state" = 'WAITFORPAYMENT';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_external_idx" ON "payment_events" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "payment_events_review_idx" ON "payment_events" USING btree ("needs_review","created_at" desc);--> statement-breakpoint
CREATE INDEX "payment_plans_club_idx" ON "payment_plans" USING btree ("club_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_idx" ON "payments" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payments_contract_idx" ON "payments" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "rating_requests_account_idx" ON "rating_requests" USING btree ("account_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_requests_contract_idx" ON "rating_requests" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "saved_cards_account_idx" ON "saved_cards" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_token_idx" ON "saved_cards" USING btree ("token");--> statement-breakpoint
CREATE INDEX "transactions_account_idx" ON "transactions" USING btree ("account_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "transactions_contract_idx" ON "transactions" USING btree ("contract_id");