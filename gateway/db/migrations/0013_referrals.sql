CREATE TABLE "referral_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_account_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"friend_account_id" integer NOT NULL,
	"referrer_account_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"member_gift_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_invitations" ADD CONSTRAINT "referral_invitations_referrer_account_id_accounts_id_fk" FOREIGN KEY ("referrer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_friend_account_id_accounts_id_fk" FOREIGN KEY ("friend_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_account_id_accounts_id_fk" FOREIGN KEY ("referrer_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_member_gift_id_member_gifts_id_fk" FOREIGN KEY ("member_gift_id") REFERENCES "public"."member_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_invitations_referrer_idx" ON "referral_invitations" USING btree ("referrer_account_id","phone_number","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_friend_idx" ON "referral_rewards" USING btree ("friend_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_contract_idx" ON "referral_rewards" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_gift_idx" ON "referral_rewards" USING btree ("member_gift_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_account_id");