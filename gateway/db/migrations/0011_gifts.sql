ALTER TABLE "member_gifts" ADD COLUMN "kind" text DEFAULT 'PLAN_DAYS' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_gifts" ADD COLUMN "days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_gifts" ADD COLUMN "contract_id" integer;--> statement-breakpoint
ALTER TABLE "member_gifts" ADD CONSTRAINT "member_gifts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_gifts_contract_idx" ON "member_gifts" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_gifts_one_experience_idx" ON "member_gifts" USING btree ("account_id") WHERE "member_gifts"."kind" = 'EXPERIENCE';--> statement-breakpoint
ALTER TABLE "member_gifts" ADD CONSTRAINT "member_gifts_kind_check" CHECK ("member_gifts"."kind" in ('PLAN_DAYS', 'EXPERIENCE'));--> statement-breakpoint
ALTER TABLE "member_gifts" ADD CONSTRAINT "member_gifts_days_check" CHECK ("member_gifts"."days" between 1 and 366);--> statement-breakpoint
ALTER TABLE "member_gifts" ADD CONSTRAINT "member_gifts_contract_used_check" CHECK ("member_gifts"."contract_id" is null or "member_gifts"."used_at" is not null);