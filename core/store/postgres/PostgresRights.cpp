#include "store/postgres/PostgresRights.h"

namespace sediment::schema {

// Schema 12, the server's only: rights the server enforces (docs/user-guide.md#setting-up-a-team).
//
// The workspace's tables stay in its schema and belong to the role that made it, the owner; no
// other role holds INSERT, UPDATE, DELETE or TRUNCATE on any of them. A granted role writes
// through the views of a companion schema, `<schema>_api`, one per writable table: the owner's
// views, so a write through them reaches the table with the owner's privileges, and every such
// write fires the table's statement triggers below. Those triggers are the owner's functions
// (SECURITY DEFINER, search_path pinned): they look the caller up in `reviewers` by
// session_user, which neither SET ROLE nor a function call can change, and refuse what the
// caller's right does not allow. `reviewers` has no view at all: it changes only through
// sediment_grant(), by an admin, which also gives the role exactly its right's privileges.
// The owner is the workspace's root (it owns the objects and could drop any trigger), so the
// triggers leave its own sessions alone: inside an owner's function current_user is the owner.
//
// Rights, in order: viewer (reads), agent (proposes and stages, records what the files host
// wrote), reviewer (decides), admin (also decides the admin destinations, grants, settings).
constexpr const char* kTeamV12 = R"sql(
ALTER TABLE reviewers DROP CONSTRAINT IF EXISTS reviewers_rights_check;
ALTER TABLE reviewers ADD CONSTRAINT reviewers_rights_check
    CHECK (rights IN ('viewer', 'agent', 'reviewer', 'admin'));

-- A journal row is the bookkeeping of the role that wrote it, on its host: only that role
-- settles, closes or marks it (JournalRepository reads its own rows alone).
ALTER TABLE decision_journal ADD COLUMN written_by TEXT NOT NULL DEFAULT session_user;

-- An audit row's details in the canonical form its hash covers (keys sorted), beside the text
-- the client wrote, so that the server can check the hash of every row a granted role appends.
ALTER TABLE audit_log ADD COLUMN details_canonical TEXT;

CREATE FUNCTION sediment_rank(r TEXT) RETURNS INT LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE r WHEN 'admin' THEN 3 WHEN 'reviewer' THEN 2 WHEN 'agent' THEN 1
                  WHEN 'viewer' THEN 0 ELSE -1 END $$;

CREATE FUNCTION sediment_right_name(n INT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
    SELECT (ARRAY['viewer', 'agent', 'reviewer', 'admin'])[n + 1] $$;

-- A role's right; 'none' for a role nobody granted.
CREATE FUNCTION sediment_right_of(who TEXT) RETURNS TEXT LANGUAGE sql STABLE AS $$
    SELECT COALESCE((SELECT rights FROM reviewers WHERE role = who), 'none') $$;

-- The destinations an admin's sediment.json keeps for admins, or for two approvals, as the
-- admin last published them (team_settings): the server's copy is the one enforced.
CREATE FUNCTION sediment_policy(k TEXT) RETURNS TEXT[] LANGUAGE sql STABLE AS $$
    SELECT COALESCE((SELECT ARRAY(SELECT jsonb_array_elements_text(value::jsonb))
                     FROM team_settings WHERE key = k AND value LIKE '[%'), '{}') $$;

CREATE FUNCTION sediment_needed(dest TEXT) RETURNS INT LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN dest = ANY(sediment_policy('admin_destinations')) THEN 3 ELSE 2 END $$;

CREATE FUNCTION sediment_refuse(message TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = message; END $$;

CREATE FUNCTION sediment_require(needed INT, what TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE held TEXT := sediment_right_of(session_user);
BEGIN
    IF sediment_rank(held) < needed THEN
        PERFORM sediment_refuse(format('%s may not %s: that needs the right ''%s'', and %s has ''%s''',
                                       session_user, what, sediment_right_name(needed), session_user, held));
    END IF;
END $$;

-- Why the decision on an approved item may not be written now, or NULL when it may: its decider
-- must still hold the right its destination needs, and a two-person item needs an approval
-- from somebody else. The files host asks before writing a byte; the triggers ask again.
CREATE FUNCTION sediment_decider_check(item BIGINT, dest TEXT, by TEXT) RETURNS TEXT
LANGUAGE plpgsql STABLE AS $$
DECLARE held TEXT := sediment_right_of(by);
BEGIN
    IF by IS NULL OR sediment_rank(held) < sediment_needed(dest) THEN
        RETURN format('inbox item %s (%s) was approved by %s, who holds the right ''%s'' where it needs ''%s''; '
                      'nothing was written', item, dest, COALESCE(by, 'nobody'), held,
                      sediment_right_name(sediment_needed(dest)));
    END IF;
    IF dest = ANY(sediment_policy('two_person_destinations'))
       AND NOT EXISTS (SELECT 1 FROM approvals WHERE item_id = item AND reviewer <> by) THEN
        RETURN format('inbox item %s (%s) needs two approvals from different reviewers and has only %s''s; '
                      'nothing was written', item, dest, by);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION sediment_settle_check(item BIGINT) RETURNS TEXT LANGUAGE plpgsql STABLE AS $$
DECLARE r RECORD;
BEGIN
    SELECT destination, status, decided_by INTO r FROM inbox_items WHERE id = item;
    IF NOT FOUND OR r.status <> 'approved' THEN RETURN NULL; END IF;
    RETURN sediment_decider_check(item, r.destination, r.decided_by);
END $$;

-- One changed item: `was` and `now` are its statuses before and after; `held` is the caller's
-- rank, `admin` and `two` the server's policy, read once for the whole statement.
CREATE FUNCTION sediment_check_item(item BIGINT, dest TEXT, was TEXT, now TEXT, old_by TEXT, new_by TEXT,
                                    held INT, admin TEXT[], two TEXT[])
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    why TEXT;
    needed INT := CASE WHEN dest = ANY(admin) THEN 3 ELSE 2 END;
BEGIN
    -- What the files host found: written, failed, stale again, or a journal it cannot read.
    IF now IN ('needs_attention', 'withdrawn')
       OR (was = 'approved' AND now IN ('applied', 'modified', 'failed', 'pending')) THEN
        IF held < 1 THEN
            PERFORM sediment_require(1, format('record the outcome of inbox item %s', item));
        END IF;
        IF was = 'approved' AND now IN ('applied', 'modified') THEN
            IF new_by IS DISTINCT FROM old_by THEN
                PERFORM sediment_refuse(format('inbox item %s was decided by %s; writing it cannot change that',
                                               item, COALESCE(old_by, 'nobody')));
            END IF;
            why := sediment_decider_check(item, dest, old_by);
            IF why IS NOT NULL THEN PERFORM sediment_refuse(why); END IF;
        END IF;
        RETURN;
    END IF;
    -- Anything else is a decision, in the caller's own name, along the inbox's own paths: an open
    -- item decided, a waiting approval refused, a write reverted, a refusal undone, an
    -- interrupted decision resolved. Never a decided item decided again (written twice).
    IF held < needed THEN
        PERFORM sediment_require(needed, format('decide inbox item %s (%s)', item, dest));
    END IF;
    IF NOT (was IN ('pending', 'failed', 'needs_attention')
            OR (was = 'approved' AND now = 'refused')
            OR (was IN ('applied', 'modified') AND now = 'reverted')
            OR (was = 'refused' AND now = 'pending')) THEN
        PERFORM sediment_refuse(format('inbox item %s is %s and cannot become %s', item, was, now));
    END IF;
    IF now <> 'pending' AND new_by IS DISTINCT FROM session_user::TEXT THEN
        PERFORM sediment_refuse(format('inbox item %s is decided in the name of the role that logs in (%s), not %s',
                                       item, session_user, COALESCE(new_by, 'nobody')));
    END IF;
    IF now IN ('approved', 'applied', 'modified') AND was IN ('pending', 'failed') AND dest = ANY(two)
       AND NOT EXISTS (SELECT 1 FROM approvals WHERE item_id = item AND reviewer <> session_user) THEN
        PERFORM sediment_refuse(format('inbox item %s (%s) needs two approvals from different reviewers',
                                       item, dest));
    END IF;
END $$;

CREATE FUNCTION sediment_guard_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r RECORD;
    held INT;
    admin TEXT[];
    two TEXT[];
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' THEN
        -- Proposals moving from the intake into the inbox (sediment_fold_intake) were proposed
        -- already: any reader's command may move them, so that it sees them.
        IF NOT EXISTS (SELECT 1 FROM added a WHERE a.status <> 'pending'
                       OR NOT EXISTS (SELECT 1 FROM inbox_intake t WHERE t.id = a.id)) THEN
            PERFORM sediment_require(0, 'read the inbox');
            RETURN NULL;
        END IF;
        PERFORM sediment_require(1, 'propose');
        -- A proposal is filed open (or turned away): a decision is a reviewer's, made on the item,
        -- with its audit row, never filed ready-made.
        IF EXISTS (SELECT 1 FROM added WHERE status NOT IN ('pending', 'rejected')) THEN
            PERFORM sediment_refuse(format('%s may not file an inbox item already decided', session_user));
        END IF;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM sediment_refuse(format('%s may not delete inbox items: a decision is recorded, never erased',
                                       session_user));
    ELSE
        -- What the agent proposed (the other columns) no granted role may update at all: its
        -- privileges name only the decision's columns, the seen count and the stale mark
        -- (sediment_set_privileges). Those two are the agent's and the files host's bookkeeping.
        held := sediment_rank(sediment_right_of(session_user));
        IF held < 1 THEN
            PERFORM sediment_require(1, 'change inbox items');
        END IF;
        FOR r IN SELECT o.id, o.destination, o.status AS was, n.status AS now, o.decided_by AS old_by,
                        n.decided_by AS new_by
                 FROM removed o JOIN added n USING (id)
                 WHERE (o.status, o.reason, o.refusal_code, o.final_op_json, o.before_content, o.after_content,
                        o.target_path, o.decided_at, o.decided_by)
                       IS DISTINCT FROM
                       (n.status, n.reason, n.refusal_code, n.final_op_json, n.before_content, n.after_content,
                        n.target_path, n.decided_at, n.decided_by) LOOP
            IF admin IS NULL THEN
                admin := sediment_policy('admin_destinations');
                two := sediment_policy('two_person_destinations');
            END IF;
            PERFORM sediment_check_item(r.id, r.destination, r.was, r.now, r.old_by, r.new_by, held, admin, two);
        END LOOP;
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION sediment_guard_approvals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r RECORD;
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF TG_OP <> 'INSERT' THEN
        PERFORM sediment_refuse(format('%s may not change or remove an approval', session_user));
    END IF;
    FOR r IN SELECT a.item_id, a.reviewer, i.destination, i.status
             FROM added a LEFT JOIN inbox_items i ON i.id = a.item_id LOOP
        IF r.reviewer IS DISTINCT FROM session_user::TEXT THEN
            PERFORM sediment_refuse(format('an approval is recorded in the name of the role that logs in (%s), not %s',
                                           session_user, r.reviewer));
        END IF;
        IF r.status IS NULL OR r.status NOT IN ('pending', 'failed') THEN
            PERFORM sediment_refuse(format('inbox item %s is %s; only pending or failed items gather approvals',
                                           r.item_id, COALESCE(r.status, 'missing')));
        END IF;
        PERFORM sediment_require(sediment_needed(r.destination),
                                 format('approve inbox item %s (%s)', r.item_id, r.destination));
    END LOOP;
    RETURN NULL;
END $$;

CREATE FUNCTION sediment_guard_claims() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE now_text TEXT := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF sediment_rank(sediment_right_of(session_user)) < 2 THEN
        PERFORM sediment_require(2, 'claim inbox items');
    END IF;
    IF TG_OP = 'DELETE' THEN
        -- Another reviewer's claim goes only when it has run out or its item was decided.
        IF EXISTS (SELECT 1 FROM removed c JOIN inbox_items i ON i.id = c.item_id
                   WHERE c.reviewer <> session_user AND c.expires_at > now_text AND i.status = 'pending') THEN
            PERFORM sediment_refuse(format('%s may not release another reviewer''s claim', session_user));
        END IF;
    ELSIF EXISTS (SELECT 1 FROM added WHERE reviewer IS DISTINCT FROM session_user::TEXT) THEN
        PERFORM sediment_refuse(format('a claim is made in the name of the role that logs in (%s)', session_user));
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION sediment_guard_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r RECORD;
    person TEXT;
    previous TEXT;
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF sediment_rank(sediment_right_of(session_user)) < 1 THEN
        PERFORM sediment_require(1, 'write the audit log');
    END IF;
    FOR r IN SELECT * FROM added ORDER BY seq LOOP
        previous := CASE WHEN r.seq = 1 THEN repeat('0', 64)
                         ELSE (SELECT hash FROM audit_log WHERE seq = r.seq - 1) END;
        IF previous IS NULL OR r.prev_hash IS DISTINCT FROM previous THEN
            PERFORM sediment_refuse(format('audit row %s does not follow row %s of the chain', r.seq, r.seq - 1));
        END IF;
        -- The row's hash, computed here as the client computes it (AuditRepository::computeHash:
        -- SHA-256 of the previous hash and the row's canonical JSON, keys sorted, with the
        -- canonical details the client sends beside its own text, which must say the same),
        -- so that nobody can append a row that breaks the chain for every row after it.
        IF r.details_canonical IS NULL OR r.details_canonical::jsonb IS DISTINCT FROM r.details::jsonb THEN
            PERFORM sediment_refuse(format('audit row %s does not carry its canonical details', r.seq));
        END IF;
        IF r.hash IS DISTINCT FROM encode(sha256(convert_to(
               r.prev_hash || '{"action":' || to_json(r.action)::TEXT || ',"actor":' || to_json(r.actor)::TEXT
               || ',"after":' || COALESCE(to_json(r.after)::TEXT, 'null') || ',"at":' || to_json(r.at)::TEXT
               || ',"before":' || COALESCE(to_json(r.before)::TEXT, 'null') || ',"details":' || r.details_canonical
               || ',"prev_hash":' || to_json(r.prev_hash)::TEXT || ',"reason":' || COALESCE(to_json(r.reason)::TEXT, 'null')
               || ',"seq":' || r.seq || ',"subject_id":' || to_json(r.subject_id)::TEXT
               || ',"subject_type":' || to_json(r.subject_type)::TEXT || '}', 'UTF8')), 'hex') THEN
            PERFORM sediment_refuse(format('audit row %s does not hash to what it claims', r.seq));
        END IF;
        person := CASE WHEN r.actor LIKE 'human:%' THEN substr(r.actor, 7)
                       WHEN r.actor LIKE 'cli:%' THEN substr(r.actor, 5) END;
        IF person IS NULL THEN
            IF NOT (r.actor LIKE 'agent:%' OR r.actor LIKE 'gate:%' OR r.actor IN ('curator', 'auto')) THEN
                PERFORM sediment_refuse(format('audit row %s names an unknown actor', r.seq));
            END IF;
        ELSIF person <> session_user THEN
            -- The files host records the outcome of a decision in the name of the reviewer who
            -- made it: only for an item that reviewer's own, earlier row decided.
            IF NOT (r.subject_type = 'inbox_item' AND sediment_rank(sediment_right_of(session_user)) >= 1
                    AND EXISTS (SELECT 1 FROM audit_log a WHERE a.subject_type = 'inbox_item'
                                AND a.subject_id = r.subject_id AND a.seq < r.seq AND a.actor = r.actor
                                AND a.action IN ('inbox.approve', 'inbox.patch', 'inbox.make_room',
                                                 'inbox.approval'))) THEN
                PERFORM sediment_refuse(format('%s may not write an audit row in the name of %s',
                                               session_user, person));
            END IF;
        END IF;
    END LOOP;
    RETURN NULL;
END $$;

CREATE FUNCTION sediment_guard_journal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF sediment_rank(sediment_right_of(session_user)) < 1 THEN
        PERFORM sediment_require(1, 'write the decision journal');
    END IF;
    -- Each condition names only the transition tables its event has: a query is planned whole.
    IF TG_OP <> 'DELETE' THEN
        IF EXISTS (SELECT 1 FROM added WHERE written_by <> session_user::TEXT) THEN
            PERFORM sediment_refuse(format('%s may touch only the journal rows it wrote', session_user));
        END IF;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        IF EXISTS (SELECT 1 FROM removed WHERE written_by <> session_user::TEXT) THEN
            PERFORM sediment_refuse(format('%s may touch only the journal rows it wrote', session_user));
        END IF;
    END IF;
    IF TG_OP = 'INSERT' THEN
        -- A journal row for an item nobody approved yet is a decision being written: a reviewer's.
        IF EXISTS (SELECT 1 FROM added a JOIN inbox_items i ON i.id = a.item_id WHERE i.status <> 'approved') THEN
            IF sediment_rank(sediment_right_of(session_user)) < 2 THEN
        PERFORM sediment_require(2, 'journal a decision');
    END IF;
        END IF;
    ELSIF TG_OP = 'UPDATE' THEN
        IF EXISTS (SELECT 1 FROM removed o JOIN added n USING (id)
                   WHERE (o.subject_type, o.subject_id, o.item_id, o.target_path, o.expected_hash, o.expected_bytes,
                          o.new_hash, o.new_bytes, o.outcome_json, o.created_at, o.host, o.written_by)
                         IS DISTINCT FROM
                         (n.subject_type, n.subject_id, n.item_id, n.target_path, n.expected_hash, n.expected_bytes,
                          n.new_hash, n.new_bytes, n.outcome_json, n.created_at, n.host, n.written_by)) THEN
            PERFORM sediment_refuse(format('%s may not rewrite a journal row', session_user));
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION sediment_guard_decisions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF sediment_rank(sediment_right_of(session_user)) < 1 THEN
        PERFORM sediment_require(1, 'change decisions');
    END IF;
    IF TG_OP = 'DELETE' THEN
        PERFORM sediment_refuse(format('%s may not delete decisions', session_user));
    END IF;
    IF TG_OP <> 'UPDATE' THEN RETURN NULL; END IF;
    IF EXISTS (SELECT 1 FROM removed o JOIN added n USING (id)
               WHERE n.reviewer IS DISTINCT FROM o.reviewer AND n.reviewer <> 'auto') THEN
        IF sediment_rank(sediment_right_of(session_user)) < 2 THEN
        PERFORM sediment_require(2, 'review decisions');
    END IF;
        IF EXISTS (SELECT 1 FROM removed o JOIN added n USING (id)
                   WHERE n.reviewer IS DISTINCT FROM o.reviewer AND n.reviewer <> 'auto'
                     AND n.reviewer IS DISTINCT FROM session_user::TEXT) THEN
            PERFORM sediment_refuse(format('a decision is reviewed in the name of the role that logs in (%s)',
                                           session_user));
        END IF;
    END IF;
    RETURN NULL;
END $$;

-- The agent's own stores: telemetry, scars, staged records, snapshots of its memory files. They
-- grow and change; nothing in them is ever removed by a client, but for proposals leaving the
-- intake for the inbox.
CREATE FUNCTION sediment_guard_agent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'inbox_intake' THEN
        IF EXISTS (SELECT 1 FROM removed r WHERE NOT EXISTS (SELECT 1 FROM inbox_items i WHERE i.id = r.id)) THEN
            PERFORM sediment_refuse(format('%s may not delete proposals', session_user));
        END IF;
        IF sediment_rank(sediment_right_of(session_user)) < 0 THEN
        PERFORM sediment_require(0, 'read the inbox');
    END IF; -- what left the intake is in the inbox
        RETURN NULL;
    END IF;
    IF sediment_rank(sediment_right_of(session_user)) < 1 THEN
        PERFORM sediment_require(1, CASE TG_TABLE_NAME WHEN 'inbox_intake' THEN 'propose'
                                    WHEN 'hermes_staged' THEN 'stage Hermes writes'
                                    ELSE format('change %s', TG_TABLE_NAME) END);
    END IF;
    IF TG_OP = 'DELETE' THEN
        IF TG_TABLE_NAME <> 'inbox_intake'
           OR EXISTS (SELECT 1 FROM removed r WHERE NOT EXISTS (SELECT 1 FROM inbox_items i WHERE i.id = r.id)) THEN
            PERFORM sediment_refuse(format('%s may not delete from %s', session_user, TG_TABLE_NAME));
        END IF;
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION sediment_guard_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF sediment_rank(sediment_right_of(session_user)) < 3 THEN
        PERFORM sediment_require(3, 'change the team settings');
    END IF;
    RETURN NULL;
END $$;

-- The three statement triggers of a table, each with the transition tables its event has.
CREATE FUNCTION sediment_guard(t TEXT, f TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS added '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_guard_insert', t, f);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS removed NEW TABLE AS added '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_guard_update', t, f);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS removed '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_guard_delete', t, f);
END $$;

SELECT sediment_guard('inbox_items', 'sediment_guard_items');
SELECT sediment_guard('approvals', 'sediment_guard_approvals');
SELECT sediment_guard('inbox_claims', 'sediment_guard_claims');
SELECT sediment_guard('audit_log', 'sediment_guard_audit');
SELECT sediment_guard('decision_journal', 'sediment_guard_journal');
SELECT sediment_guard('decisions', 'sediment_guard_decisions');
SELECT sediment_guard('team_settings', 'sediment_guard_admin');
SELECT sediment_guard(t, 'sediment_guard_agent')
FROM unnest(ARRAY['inbox_intake', 'skills', 'curator_runs', 'skills_usage_link', 'scars',
                  'calibration_snapshots', 'hermes_staged', 'memory_snapshots']) AS t;

-- The intake's proposals up to `up_to` join the inbox (InboxStaging::fold): for every reader,
-- a viewer's command too, which holds no write privilege of its own.
CREATE FUNCTION sediment_fold_intake(up_to BIGINT) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE filed BIGINT;
BEGIN
    PERFORM sediment_require(0, 'read the inbox');
    INSERT INTO inbox_items(id, hash_key, content_hash, ext_id, destination, op_json, rationale, score, agent,
                            session, source_json, reason, seen, sanitized_json, created_at, status, stale)
    SELECT id, hash_key, content_hash, ext_id, destination, op_json, rationale, score, agent, session,
           source_json, reason, seen, sanitized_json, created_at, 'pending', 0
    FROM inbox_intake WHERE id <= up_to ORDER BY id;
    GET DIAGNOSTICS filed = ROW_COUNT;
    DELETE FROM inbox_intake WHERE id <= up_to;
    RETURN filed;
END $$;

-- The tables a granted role writes through the companion schema's views.
CREATE FUNCTION sediment_writable() RETURNS TEXT[] LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY['inbox_items', 'inbox_intake', 'audit_log', 'skills', 'curator_runs', 'skills_usage_link',
                 'scars', 'decisions', 'calibration_snapshots', 'hermes_staged', 'decision_journal', 'approvals',
                 'team_settings', 'memory_snapshots', 'inbox_claims'] $$;

CREATE FUNCTION sediment_api_schema() RETURNS TEXT LANGUAGE sql STABLE AS $$
    SELECT current_schema() || '_api' $$;

-- Exactly the privileges of `what` for `who` ('none': nothing at all).
CREATE FUNCTION sediment_set_privileges(who TEXT, what TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    home TEXT := current_schema();
    api TEXT := sediment_api_schema();
    callable TEXT := format('FUNCTION %1$I.sediment_grant(TEXT, TEXT), %1$I.sediment_settle_check(BIGINT), '
                            '%1$I.sediment_fold_intake(BIGINT)', home);
BEGIN
    EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA %I FROM %I', home, who);
    EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA %I FROM %I', api, who);
    EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %I FROM %I', home, who);
    EXECUTE format('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA %I FROM %I', home, who);
    EXECUTE format('REVOKE ALL ON SCHEMA %I, %I FROM %I', home, api, who);
    IF sediment_rank(what) < 0 THEN RETURN; END IF;
    EXECUTE format('GRANT USAGE ON SCHEMA %I, %I TO %I', home, api, who);
    EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA %I TO %I', home, who);
    EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA %I TO %I', api, who);
    -- lastval() after an insert through a view reads the identity sequence it used.
    EXECUTE format('GRANT SELECT ON ALL SEQUENCES IN SCHEMA %I TO %I', home, who);
    EXECUTE format('GRANT EXECUTE ON %s TO %I', callable, who);
    IF sediment_rank(what) >= 1 THEN
        EXECUTE format('GRANT INSERT, UPDATE ON %s TO %I',
                       (SELECT string_agg(format('%I.%I', api, t), ', ') FROM unnest(sediment_writable()) AS t
                        WHERE t <> 'inbox_items'), who);
        -- An item's proposal is never rewritten: only the decision's columns, the seen count and
        -- the stale mark may change.
        EXECUTE format('GRANT INSERT, UPDATE (status, reason, refusal_code, final_op_json, before_content, '
                       'after_content, target_path, stale, seen, decided_at, decided_by) ON %I.inbox_items TO %I',
                       api, who);
        -- Rows a client removes: its own journal rows, claims, a setting cleared. Proposals leave
        -- the intake through sediment_fold_intake, as the owner.
        EXECUTE format('GRANT DELETE ON %1$I.decision_journal, %1$I.inbox_claims, %1$I.team_settings TO %2$I',
                       api, who);
    END IF;
END $$;

-- The one way to change `reviewers`: an admin grants `what` to the login role `who`.
CREATE FUNCTION sediment_grant(who TEXT, what TEXT) RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE was TEXT;
BEGIN
    IF session_user <> current_user THEN
        PERFORM sediment_require(3, 'grant rights');
    END IF;
    IF sediment_rank(what) < 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
            MESSAGE = format('no right ''%s'': viewer, agent, reviewer or admin', what);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = who) THEN
        RAISE EXCEPTION USING ERRCODE = 'undefined_object',
            MESSAGE = format('no role %s on this server: a database administrator creates it first '
                             '(CREATE ROLE %s LOGIN)', who, who);
    END IF;
    IF who = current_user::TEXT AND what <> 'admin' THEN
        PERFORM sediment_refuse(format('%s owns the workspace and stays its admin', who));
    END IF;
    was := sediment_right_of(who);
    INSERT INTO reviewers(role, rights, granted_by, granted_at)
    VALUES (who, what, session_user,
            to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    ON CONFLICT (role) DO UPDATE SET rights = excluded.rights, granted_by = excluded.granted_by,
                                     granted_at = excluded.granted_at;
    IF who <> current_user::TEXT THEN
        PERFORM sediment_set_privileges(who, what);
    END IF;
    RETURN was;
END $$;

-- The companion schema's views, made anew (a later step that changes a table calls this again),
-- and every listed role's privileges set from its right; whatever else a role was given on the
-- workspace (an earlier version's GRANT ALL) is taken back.
CREATE FUNCTION sediment_build_api() RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    home TEXT := current_schema();
    api TEXT := sediment_api_schema();
    t TEXT;
    who TEXT;
BEGIN
    -- Never another's schema that happens to bear the name: only one this owner made.
    IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = api AND nspowner <> current_user::regrole) THEN
        RAISE EXCEPTION 'the schema % exists and is not this workspace''s companion', api;
    END IF;
    EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I', api);
    FOREACH t IN ARRAY sediment_writable() LOOP
        EXECUTE format('DROP VIEW IF EXISTS %I.%I', api, t);
        EXECUTE format('CREATE VIEW %I.%I AS SELECT * FROM %I.%I', api, t, home, t);
    END LOOP;
    FOR who IN SELECT DISTINCT pg_get_userbyid(a.grantee)
               FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) AS a
               WHERE c.relnamespace = home::regnamespace AND a.grantee <> 0 AND a.grantee <> c.relowner
               UNION
               SELECT pg_get_userbyid(a.grantee)
               FROM pg_namespace n CROSS JOIN LATERAL aclexplode(n.nspacl) AS a
               WHERE n.nspname = home AND a.grantee <> 0 AND a.grantee <> n.nspowner LOOP
        PERFORM sediment_set_privileges(who, 'none');
    END LOOP;
    FOR who, t IN SELECT r.role, r.rights FROM reviewers r JOIN pg_roles p ON p.rolname = r.role
                  WHERE r.role <> current_user::TEXT LOOP
        PERFORM sediment_set_privileges(who, t);
    END LOOP;
END $$;

-- The ways in (the triggers' functions and the three a granted role may call) run as the owner
-- with this schema alone on their path, whoever calls them; the helpers they call run inside
-- that and are nobody else's to call. Only the ways in carry the SET: a function with one is
-- never inlined and sets the path again at every call, which made each guarded decision
-- several times slower when every helper had it.
DO $$
DECLARE f RECORD;
BEGIN
    FOR f IN SELECT p.oid::regprocedure AS sig, p.proname FROM pg_proc p
             WHERE p.pronamespace = current_schema()::regnamespace LOOP
        IF f.proname LIKE 'sediment\_guard\_%' OR f.proname IN ('sediment_grant', 'sediment_settle_check',
                'sediment_fold_intake', 'sediment_notify', 'inbox_counts_follow', 'audit_log_append_only') THEN
            EXECUTE format('ALTER FUNCTION %s SECURITY DEFINER SET search_path = %I, pg_temp', f.sig, current_schema());
        END IF;
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f.sig);
    END LOOP;
END $$;
SELECT sediment_build_api();
)sql";

const char* postgresRightsStep() { return kTeamV12; }

} // namespace sediment::schema
