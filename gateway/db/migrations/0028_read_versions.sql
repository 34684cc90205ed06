CREATE TABLE "read_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- ADR 056: every committed change to what a cached read shows counts one in its scope. The
-- triggers are deferred to commit, so the version row is the last lock a transaction takes (no new
-- lock order between flows) and is counted only by a transaction that commits.
CREATE FUNCTION "bump_read_version"("target" text) RETURNS void LANGUAGE sql AS $$
	INSERT INTO read_versions (scope, version) VALUES (target, 1)
	ON CONFLICT (scope) DO UPDATE SET version = read_versions.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION "contract_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM bump_read_version('contracts:' || OLD.account_id);
	ELSE
		PERFORM bump_read_version('contracts:' || NEW.account_id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The account of a contract (none: a PT package's payment has no contract).
CREATE FUNCTION "bump_contract_owner"("contract" integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO read_versions (scope, version)
	SELECT 'contracts:' || account_id, 1 FROM contracts WHERE id = contract
	ON CONFLICT (scope) DO UPDATE SET version = read_versions.version + 1
$$;
--> statement-breakpoint
-- A payment, a freeze or a gift: its contract's member.
CREATE FUNCTION "contract_part_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_contract_owner(CASE WHEN TG_OP = 'DELETE' THEN OLD.contract_id ELSE NEW.contract_id END);
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A payment event (unbooked money): its payment's contract's member.
CREATE FUNCTION "payment_event_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_contract_owner((SELECT contract_id FROM payments WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.payment_id ELSE NEW.payment_id END));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_read_version('catalog');
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- One deferred row trigger per table: <table>_read_version.
DO $$
DECLARE
	counted record;
BEGIN
	FOR counted IN SELECT * FROM (VALUES
		('contracts', 'INSERT OR UPDATE OR DELETE', 'contract_row_changed'),
		('payments', 'INSERT OR UPDATE OR DELETE', 'contract_part_changed'),
		('freeze_contracts', 'INSERT OR UPDATE OR DELETE', 'contract_part_changed'),
		('member_gifts', 'INSERT OR UPDATE OR DELETE', 'contract_part_changed'),
		('payment_events', 'INSERT OR UPDATE OR DELETE', 'payment_event_changed'),
		-- The catalog: the clubs and their plans (the plan cards), and what contract rows name of it:
		-- a club's names and hotline, a plan's names, duration and prices, a coupon's code.
		('clubs', 'INSERT OR UPDATE OR DELETE', 'catalog_changed'),
		('payment_plans', 'INSERT OR UPDATE OR DELETE', 'catalog_changed'),
		('coupons', 'UPDATE OF code OR DELETE', 'catalog_changed')
	) AS t (tablename, events, fn)
	LOOP
		EXECUTE format(
			'CREATE CONSTRAINT TRIGGER %I AFTER %s ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION %I()',
			counted.tablename || '_read_version', counted.events, counted.tablename, counted.fn
		);
	END LOOP;
END
$$;
