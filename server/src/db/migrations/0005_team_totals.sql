-- Team figures that cost the same for every member. Each member's direct and team counts and the
-- power of its team are kept per upline by triggers, in the same transaction as the registration or
-- purchase, instead of being recounted by walking the downline on every read (one read of a member
-- with 51,000 below took seconds). A team reaches TEAM_DEPTH = 1000 generations down, as the walk did,
-- so a registration or purchase updates at most 1000 uplines.

CREATE INDEX members_recommend_idx ON members (recommend, id);

-- At most one member without a referrer (the first one, who registered with the zero address).
-- A check then an insert let concurrent sign-ups on PostgreSQL all pass as "first".
DO $$
BEGIN
  IF (SELECT count(*) FROM members WHERE recommend IS NULL) > 1 THEN
    RAISE EXCEPTION 'members without a referrer: ids %; keep one (the first member) and give the others their referrer before upgrading',
      (SELECT string_agg(id::text, ', ' ORDER BY id) FROM members WHERE recommend IS NULL);
  END IF;
END;
$$;
CREATE UNIQUE INDEX members_one_root_idx ON members ((recommend IS NULL)) WHERE recommend IS NULL;

-- Per upline: its direct referrals and everyone up to 1000 generations below it.
CREATE TABLE team_totals (
  address text PRIMARY KEY,
  direct_count integer NOT NULL DEFAULT 0 CHECK (direct_count >= 0),
  team_count integer NOT NULL DEFAULT 0 CHECK (team_count >= 0)
);

-- Per upline and expiry day: power of machines bought below it that stop producing on `end_day`.
-- The power running today is the sum over end_day > today: at most the 361 days a machine can still run.
CREATE TABLE team_power (
  address text NOT NULL,
  end_day date NOT NULL,
  direct_power bigint NOT NULL DEFAULT 0 CHECK (direct_power >= 0),
  team_power bigint NOT NULL DEFAULT 0 CHECK (team_power >= 0),
  PRIMARY KEY (address, end_day)
);

-- A member's uplines given its referrer `first` (depth 1), then the referrer's referrer, ... up to
-- 1000 generations; nothing for NULL.
CREATE FUNCTION upline_chain(first text) RETURNS TABLE (address text, depth integer) LANGUAGE sql STABLE AS $$
  -- One primary-key lookup per generation (a scalar subquery, so no plan can scan all members).
  WITH RECURSIVE up (address, depth) AS (
    SELECT first, 1
    UNION ALL
    SELECT (SELECT m.recommend FROM members m WHERE m.address = up.address), up.depth + 1 FROM up
     WHERE up.address IS NOT NULL AND up.depth < 1000
  )
  SELECT up.address, min(up.depth)::int FROM up WHERE up.address IS NOT NULL GROUP BY up.address
$$;

-- Rows are written in address order, so concurrent registrations lock shared uplines in one order.
CREATE FUNCTION members_to_team_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_totals (address, direct_count, team_count)
    SELECT u.address, (u.depth = 1)::int, 1 FROM upline_chain(NEW.recommend) u ORDER BY u.address
  ON CONFLICT (address) DO UPDATE SET direct_count = team_totals.direct_count + EXCLUDED.direct_count,
                                      team_count = team_totals.team_count + EXCLUDED.team_count;
  RETURN NULL;
END;
$$;

CREATE TRIGGER members_team_totals AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION members_to_team_totals();

-- Adds `power` (negative: removes it) expiring on `end_day` to every upline of `member`.
CREATE FUNCTION add_team_power(member text, expires date, power bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF power >= 0 THEN
    INSERT INTO team_power (address, end_day, direct_power, team_power)
      SELECT u.address, expires, CASE WHEN u.depth = 1 THEN power ELSE 0 END, power
        FROM upline_chain((SELECT recommend FROM members m WHERE m.address = member)) u ORDER BY u.address
    ON CONFLICT (address, end_day) DO UPDATE SET direct_power = team_power.direct_power + EXCLUDED.direct_power,
                                                 team_power = team_power.team_power + EXCLUDED.team_power;
  ELSE
    UPDATE team_power t SET direct_power = t.direct_power + CASE WHEN u.depth = 1 THEN power ELSE 0 END,
                            team_power = t.team_power + power
      FROM upline_chain((SELECT recommend FROM members m WHERE m.address = member)) u
     WHERE t.address = u.address AND t.end_day = expires;
  END IF;
END;
$$;

CREATE FUNCTION machines_to_team_power() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM add_team_power(OLD.address, OLD.end_day, -OLD.power); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM add_team_power(NEW.address, NEW.end_day, NEW.power); END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER member_machines_team_power AFTER INSERT OR DELETE OR UPDATE OF address, power, end_day
  ON member_machines FOR EACH ROW EXECUTE FUNCTION machines_to_team_power();

-- Recomputes both tables from members and machines: for the rows from before this migration, and
-- after a bulk load with the triggers off (faster than a trigger per row; the bench seeds this way).
CREATE FUNCTION rebuild_team_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM team_totals;
  DELETE FROM team_power;
  INSERT INTO team_totals (address, direct_count, team_count)
    SELECT u.address, count(*) FILTER (WHERE u.depth = 1), count(*)
      FROM members m CROSS JOIN LATERAL upline_chain(m.recommend) u GROUP BY u.address;
  INSERT INTO team_power (address, end_day, direct_power, team_power)
    SELECT u.address, mm.end_day, coalesce(sum(mm.power) FILTER (WHERE u.depth = 1), 0), sum(mm.power)
      FROM member_machines mm JOIN members m ON m.address = mm.address
           CROSS JOIN LATERAL upline_chain(m.recommend) u GROUP BY u.address, mm.end_day;
$$;

SELECT rebuild_team_totals();

-- A member never leaves or changes referrer: the counts above would drift.
CREATE FUNCTION members_keep_their_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'members keep their address and referrer (team totals depend on them)';
END;
$$;

CREATE TRIGGER members_fixed BEFORE DELETE OR UPDATE OF address, recommend ON members
  FOR EACH ROW EXECUTE FUNCTION members_keep_their_place();
