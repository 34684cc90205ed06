ALTER TABLE "payments" ADD COLUMN "charge_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "agreement_asked_at" timestamp with time zone;