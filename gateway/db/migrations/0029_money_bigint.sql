-- Issue 37 item 19: money as bigint everywhere (whole VND). An integer column stopped at 2,147,483,647 ₫,
-- so a larger transfer's webhook failed and the money was lost to staff review.
ALTER TABLE "coupons" ALTER COLUMN "amount_off" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "max_discount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "original_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "plan_discount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "joining_fee" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "joining_fee_discount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "original_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "membership_discount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "joining_fee" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "joining_fee_discount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "total_payment" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "freeze_contracts" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "freeze_options" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pt_contracts" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pt_packages" ALTER COLUMN "price" SET DATA TYPE bigint;
