#include "store/postgres/PostgresGuards.h"

namespace sediment::schema {

// Schema 14, the server's only: step 12's guards (PostgresRights.cpp) held against a role with
// psql in hand that writes what `sediment` never would (docs/user-guide.md#what-the-server-enforces).
//
// The files host's role. The server cannot tell which machine a session runs on (the host name
// is the client's word), so what only the files host does is the right the guide gives the
// agent's own role and nobody else's: `agent`. A reviewer or an admin decides; it does not
// record, in another reviewer's name, what the agent's machine wrote.
//
// Functions step 12 made are replaced here with CREATE OR REPLACE, which resets what a function
// runs as: the block at the end sets it again for every way in, as step 12's did.
constexpr const char* kTeamV14 = R"sql(
CREATE FUNCTION sediment_files_host_role(who TEXT) RETURNS BOOLEAN LANGUAGE sql STABLE AS $$
    SELECT sediment_right_of(who) = 'agent' $$;

-- The Hermes usage file the curator and `sediment skills` write back to: linked by the files
-- host's import alone, and only a file of that name. Which folder it may be in is the files
-- host's to judge; the server keeps the link from naming any other file.
CREATE FUNCTION sediment_guard_usage_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF NOT sediment_files_host_role(session_user) THEN
        PERFORM sediment_refuse(format('%s may not link the skills usage file: the files host''s role (the right '
                                       '''agent'') imports it, and %s has ''%s''',
                                       session_user, session_user, sediment_right_of(session_user)));
    END IF;
    IF TG_OP = 'DELETE' THEN
        PERFORM sediment_refuse(format('%s may not remove the skills usage link', session_user));
    END IF;
    IF EXISTS (SELECT 1 FROM added
               WHERE NOT (path ~ '^/' AND path ~ '/\.usage\.json$' AND path !~ '(^|/)\.\.?(/|$)' AND path !~ '//'
                          AND path !~ '[[:cntrl:]]')) THEN
        PERFORM sediment_refuse(format('%s may link only a Hermes usage file: an absolute path ending in '
                                       '/.usage.json, without . or .. in it', session_user));
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER skills_usage_link_guard_insert ON skills_usage_link;
DROP TRIGGER skills_usage_link_guard_update ON skills_usage_link;
DROP TRIGGER skills_usage_link_guard_delete ON skills_usage_link;
SELECT sediment_guard('skills_usage_link', 'sediment_guard_usage_link');

-- Why the approvals an item gathered do not carry its decision by `by`, or NULL: each counts
-- only while its approver still holds the right the destination needs (a reviewer demoted
-- after approving no longer vouches for it), and a two-person item needs one from somebody else.
CREATE FUNCTION sediment_approvals_check(item BIGINT, dest TEXT, by TEXT, needed INT, two TEXT[]) RETURNS TEXT
LANGUAGE plpgsql STABLE AS $$
DECLARE a RECORD;
BEGIN
    FOR a IN SELECT reviewer, sediment_right_of(reviewer) AS held FROM approvals
             WHERE item_id = item AND reviewer IS DISTINCT FROM by ORDER BY reviewer LOOP
        IF sediment_rank(a.held) < needed THEN
            RETURN format('inbox item %s (%s) was approved by %s, who holds the right ''%s'' where it needs ''%s''; '
                          'nothing was written', item, dest, a.reviewer, a.held, sediment_right_name(needed));
        END IF;
    END LOOP;
    IF dest = ANY(two) AND NOT EXISTS (SELECT 1 FROM approvals WHERE item_id = item AND reviewer IS DISTINCT FROM by) THEN
        RETURN format('inbox item %s (%s) needs two approvals from different reviewers and has only %s''s; '
                      'nothing was written', item, dest, COALESCE(by, 'nobody'));
    END IF;
    RETURN NULL;
END $$;

-- As step 12's, and every approval is checked again, not the decider's alone.
CREATE OR REPLACE FUNCTION sediment_decider_check(item BIGINT, dest TEXT, by TEXT) RETURNS TEXT
LANGUAGE plpgsql STABLE AS $$
DECLARE
    held TEXT := sediment_right_of(by);
    needed INT := sediment_needed(dest);
BEGIN
    IF by IS NULL OR sediment_rank(held) < needed THEN
        RETURN format('inbox item %s (%s) was approved by %s, who holds the right ''%s'' where it needs ''%s''; '
                      'nothing was written', item, dest, COALESCE(by, 'nobody'), held, sediment_right_name(needed));
    END IF;
    RETURN sediment_approvals_check(item, dest, by, needed, sediment_policy('two_person_destinations'));
END $$;

-- One changed item, as step 12's, with what else changed: `same_op` whether the approved
-- payload (final_op_json) is unchanged, `same_decision` whether every decision column but the
-- status and its reason is.
DROP FUNCTION sediment_check_item(BIGINT, TEXT, TEXT, TEXT, TEXT, TEXT, INT, TEXT[], TEXT[]);
CREATE FUNCTION sediment_check_item(item BIGINT, dest TEXT, was TEXT, now TEXT, old_by TEXT, new_by TEXT,
                                    same_op BOOLEAN, same_decision BOOLEAN, held INT, admin TEXT[], two TEXT[],
                                    new_reason TEXT)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    why TEXT;
    needed INT := CASE WHEN dest = ANY(admin) THEN 3 ELSE 2 END;
BEGIN
    -- No inbox item is ever withdrawn: a Hermes write that went away is rejected, by the agent.
    IF now = 'withdrawn' THEN
        PERFORM sediment_refuse(format('inbox item %s cannot become withdrawn', item));
    END IF;
    -- A Hermes write taken back out of its queue before anyone decided it (HermesWithdrawal):
    -- the files host's role, which imports that queue, withdraws it, rejected in Hermes' name with
    -- the reason that says so; nothing else of the item changes.
    IF now = 'rejected' AND was IN ('pending', 'failed') AND sediment_files_host_role(session_user) THEN
        IF new_by IS DISTINCT FROM 'hermes' OR new_reason NOT LIKE 'withdrawn: %' OR NOT same_op THEN
            PERFORM sediment_refuse(format('%s may only withdraw inbox item %s, whose staged Hermes file went away: '
                                           'rejected by hermes, its reason ''withdrawn: ...''', session_user, item));
        END IF;
        RETURN;
    END IF;
    -- What the files host found writing an approved item: written, failed, or back to the
    -- reviewers (its target changed, or its approval no longer stands), the decision unchanged.
    IF was = 'approved' AND now IN ('applied', 'modified', 'failed', 'pending') THEN
        IF NOT sediment_files_host_role(session_user) THEN
            PERFORM sediment_refuse(format('%s may not record the outcome of inbox item %s: the files host''s role '
                                           '(the right ''agent'') writes approved items, and %s has ''%s''',
                                           session_user, item, session_user, sediment_right_of(session_user)));
        END IF;
        IF NOT same_op THEN
            PERFORM sediment_refuse(format('inbox item %s was approved as it is; writing it cannot change it', item));
        END IF;
        IF now = 'pending' THEN
            IF new_by IS NOT NULL THEN
                PERFORM sediment_refuse(format('inbox item %s goes back to the reviewers undecided', item));
            END IF;
        ELSIF new_by IS DISTINCT FROM old_by THEN
            PERFORM sediment_refuse(format('inbox item %s was decided by %s; writing it cannot change that',
                                           item, COALESCE(old_by, 'nobody')));
        END IF;
        IF now IN ('applied', 'modified') THEN
            why := sediment_decider_check(item, dest, old_by);
            IF why IS NOT NULL THEN PERFORM sediment_refuse(why); END IF;
        END IF;
        RETURN;
    END IF;
    -- A write a crash left half done, found by the role whose write it was (its own journal row
    -- for the item, JournalSettler): the item's status and reason say so, nothing else changes.
    IF now = 'needs_attention' THEN
        IF was NOT IN ('pending', 'failed', 'approved', 'applied', 'modified') OR NOT same_decision
           OR NOT EXISTS (SELECT 1 FROM decision_journal j WHERE j.item_id = item AND j.written_by = session_user) THEN
            PERFORM sediment_refuse(format('%s may not mark inbox item %s (%s) as needing attention: only the role '
                                           'whose write of it was cut short does, changing nothing of its decision',
                                           session_user, item, was));
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
    IF now IN ('approved', 'applied', 'modified') AND was IN ('pending', 'failed') THEN
        why := sediment_approvals_check(item, dest, session_user, needed, two);
        IF why IS NOT NULL THEN PERFORM sediment_refuse(why); END IF;
    END IF;
END $$;

CREATE OR REPLACE FUNCTION sediment_guard_items() RETURNS trigger LANGUAGE plpgsql AS $$
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
                        n.decided_by AS new_by, o.final_op_json IS NOT DISTINCT FROM n.final_op_json AS same_op,
                        (o.refusal_code, o.final_op_json, o.before_content, o.after_content, o.target_path,
                         o.decided_at, o.decided_by)
                        IS NOT DISTINCT FROM
                        (n.refusal_code, n.final_op_json, n.before_content, n.after_content, n.target_path,
                         n.decided_at, n.decided_by) AS same_decision, n.reason AS new_reason
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
            PERFORM sediment_check_item(r.id, r.destination, r.was, r.now, r.old_by, r.new_by, r.same_op,
                                        r.same_decision, held, admin, two, r.new_reason);
        END LOOP;
    END IF;
    RETURN NULL;
END $$;

-- As step 12's, and an audit row says only what its writer may say: it is dated now (give or
-- take five minutes of the hosts' clocks), never back-dated; a gate's row records a proposal;
-- the agent's, the curator's and the auto-reviewer's rows are the files host's role's; and a row
-- in another reviewer's name is the files host's record of writing that reviewer's decision, in
-- the transaction that changes the item (or settles the files host's own journal row for it).
CREATE OR REPLACE FUNCTION sediment_guard_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r RECORD;
    person TEXT;
    previous TEXT;
    item BIGINT;
    host BOOLEAN;
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF sediment_rank(sediment_right_of(session_user)) < 1 THEN
        PERFORM sediment_require(1, 'write the audit log');
    END IF;
    host := sediment_files_host_role(session_user);
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
        IF r.at !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$' THEN
            PERFORM sediment_refuse(format('audit row %s is dated %s, which is not a UTC time', r.seq, r.at));
        END IF;
        IF r.at::TIMESTAMPTZ NOT BETWEEN now() - INTERVAL '5 minutes' AND clock_timestamp() + INTERVAL '5 minutes' THEN
            PERFORM sediment_refuse(format('audit row %s is dated %s and the server''s clock says %s: a row is '
                                           'written when what it records happens', r.seq, r.at,
                                           to_char(clock_timestamp() AT TIME ZONE 'UTC',
                                                   'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
        END IF;
        person := CASE WHEN r.actor LIKE 'human:%' THEN substr(r.actor, 7)
                       WHEN r.actor LIKE 'cli:%' THEN substr(r.actor, 5) END;
        IF person IS NULL THEN
            IF r.actor LIKE 'gate:%' THEN
                IF r.action NOT LIKE 'proposal.%' THEN
                    PERFORM sediment_refuse(format('audit row %s: a gate records what it did with proposals, not %s',
                                                   r.seq, r.action));
                END IF;
            ELSIF r.actor LIKE 'agent:%' OR r.actor IN ('curator', 'auto') THEN
                IF NOT host THEN
                    PERFORM sediment_refuse(format('%s may not write an audit row as %s: the files host''s role (the '
                                                   'right ''agent'') does', session_user, r.actor));
                END IF;
            ELSE
                PERFORM sediment_refuse(format('audit row %s names an unknown actor', r.seq));
            END IF;
        ELSIF person <> session_user THEN
            item := CASE WHEN r.subject_id ~ '^[0-9]{1,18}$' THEN r.subject_id::BIGINT END;
            IF NOT (host AND r.subject_type = 'inbox_item' AND item IS NOT NULL
                    AND r.action IN ('inbox.apply', 'journal.rollback', 'journal.needs_attention')
                    AND EXISTS (SELECT 1 FROM audit_log a WHERE a.subject_type = 'inbox_item'
                                AND a.subject_id = r.subject_id AND a.seq < r.seq AND a.actor = r.actor
                                AND a.action IN ('inbox.approve', 'inbox.patch', 'inbox.make_room',
                                                 'inbox.approval'))
                    AND (EXISTS (SELECT 1 FROM inbox_items i WHERE i.id = item AND i.xmin = pg_current_xact_id()::xid)
                         OR EXISTS (SELECT 1 FROM decision_journal j
                                    WHERE j.item_id = item AND j.written_by = session_user))) THEN
                PERFORM sediment_refuse(format('%s may not write an audit row in the name of %s',
                                               session_user, person));
            END IF;
        END IF;
    END LOOP;
    RETURN NULL;
END $$;

-- A decision and its audit row are one transaction (docs/user-guide.md#audit): at commit, an
-- item whose status a granted role changed, and an approval it recorded, each have their audit
-- row about that item from the same transaction (a row written by it has it as xmin). Checked
-- at commit because the row follows the change.
CREATE FUNCTION sediment_guard_items_audited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.subject_type = 'inbox_item' AND a.subject_id = NEW.id::TEXT
                   AND a.xmin = pg_current_xact_id()::xid) THEN
        PERFORM sediment_refuse(format('inbox item %s became %s without its audit row: a decision is recorded with '
                                       'the row that says who made it', NEW.id, NEW.status));
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER inbox_items_guard_audited AFTER UPDATE ON inbox_items DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION sediment_guard_items_audited();

CREATE FUNCTION sediment_guard_approvals_audited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.subject_type = 'inbox_item' AND a.subject_id = NEW.item_id::TEXT
                   AND a.action = 'inbox.approval' AND a.actor = 'human:' || NEW.reviewer
                   AND a.xmin = pg_current_xact_id()::xid) THEN
        PERFORM sediment_refuse(format('an approval of inbox item %s without its audit row: an approval is recorded '
                                       'with the row that says who gave it', NEW.item_id));
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER approvals_guard_audited AFTER INSERT ON approvals DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION sediment_guard_approvals_audited();

-- A decision as the agent recorded it is never rewritten; its review is a reviewer's, in its own
-- name, or the auto-reviewer's (the files host's `decisions auto-review`) of a decision nobody
-- has reviewed yet.
CREATE OR REPLACE FUNCTION sediment_guard_decisions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE held INT := sediment_rank(sediment_right_of(session_user));
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF held < 1 THEN
        PERFORM sediment_require(1, 'change decisions');
    END IF;
    IF TG_OP = 'DELETE' THEN
        PERFORM sediment_refuse(format('%s may not delete decisions', session_user));
    END IF;
    IF TG_OP <> 'UPDATE' THEN RETURN NULL; END IF;
    IF EXISTS (SELECT 1 FROM removed o JOIN added n USING (id)
               WHERE (o.ext_id, o.description, o.context, o.pattern, o.confidence, o.category, o.stakes,
                      o.created_at, o.session)
                     IS DISTINCT FROM
                     (n.ext_id, n.description, n.context, n.pattern, n.confidence, n.category, n.stakes,
                      n.created_at, n.session)) THEN
        PERFORM sediment_refuse(format('%s may not rewrite a decision: only its review changes', session_user));
    END IF;
    IF EXISTS (SELECT 1 FROM removed o JOIN added n USING (id)
               WHERE (o.outcome, o.outcome_text, o.reviewer, o.reviewed_at, o.superseded_by)
                     IS DISTINCT FROM (n.outcome, n.outcome_text, n.reviewer, n.reviewed_at, n.superseded_by)
                 AND NOT (held >= 2 AND n.reviewer = session_user::TEXT)
                 AND NOT (n.reviewer = 'auto' AND o.outcome = 'pending' AND sediment_files_host_role(session_user)
                          AND n.outcome IN ('success', 'partial', 'failure'))) THEN
        PERFORM sediment_refuse(format('%s may not review decisions this way: a review is a reviewer''s, in its own '
                                       'name, or the auto-reviewer''s of a decision nobody reviewed', session_user));
    END IF;
    RETURN NULL;
END $$;

-- A claim is a reviewer's own, on an open item, for the inbox's lease (InboxWalk: 15 minutes)
-- from now, give or take five minutes of the hosts' clocks; another reviewer's claim is taken
-- over only once it has run out, and released only then or once its item was decided.
CREATE OR REPLACE FUNCTION sediment_guard_claims() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE now_text TEXT := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    IF sediment_rank(sediment_right_of(session_user)) < 2 THEN
        PERFORM sediment_require(2, 'claim inbox items');
    END IF;
    IF TG_OP = 'DELETE' THEN
        IF EXISTS (SELECT 1 FROM removed c JOIN inbox_items i ON i.id = c.item_id
                   WHERE c.reviewer <> session_user AND c.expires_at > now_text AND i.status = 'pending') THEN
            PERFORM sediment_refuse(format('%s may not release another reviewer''s claim', session_user));
        END IF;
        RETURN NULL;
    END IF;
    IF EXISTS (SELECT 1 FROM added WHERE reviewer IS DISTINCT FROM session_user::TEXT) THEN
        PERFORM sediment_refuse(format('a claim is made in the name of the role that logs in (%s)', session_user));
    END IF;
    IF EXISTS (SELECT 1 FROM added
               WHERE claimed_at !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$'
                  OR expires_at !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$') THEN
        PERFORM sediment_refuse(format('%s may claim only with UTC times', session_user));
    END IF;
    IF EXISTS (SELECT 1 FROM added
               WHERE claimed_at::TIMESTAMPTZ NOT BETWEEN now() - INTERVAL '5 minutes'
                                                 AND clock_timestamp() + INTERVAL '5 minutes'
                  OR expires_at::TIMESTAMPTZ > clock_timestamp() + INTERVAL '20 minutes'
                  OR expires_at < claimed_at) THEN
        PERFORM sediment_refuse(format('%s may claim an item from now for 15 minutes, no longer', session_user));
    END IF;
    IF EXISTS (SELECT 1 FROM added a LEFT JOIN inbox_items i ON i.id = a.item_id
               WHERE i.status IS DISTINCT FROM 'pending') THEN
        PERFORM sediment_refuse(format('%s may claim only pending inbox items', session_user));
    END IF;
    IF TG_OP = 'UPDATE' THEN
        IF EXISTS (SELECT item_id FROM added EXCEPT SELECT item_id FROM removed) THEN
            PERFORM sediment_refuse(format('%s may not move a claim to another item', session_user));
        END IF;
        IF EXISTS (SELECT 1 FROM removed o JOIN added n USING (item_id)
                   WHERE o.reviewer <> n.reviewer AND o.expires_at > now_text) THEN
            PERFORM sediment_refuse(format('%s may not take over another reviewer''s live claim', session_user));
        END IF;
    END IF;
    RETURN NULL;
END $$;

-- A proposal written into the intake with psql is one the gate never saw: it holds to what the
-- gate holds every proposal to (a destination Sediment knows, a score in [0, 1], an operation that
-- is a JSON object) and takes an id after every filed item's, so that folding it never collides
-- and no reader's `inbox list` breaks on it. (Its date is the agent's: a staged Hermes write keeps
-- the time it was staged.)
CREATE FUNCTION sediment_guard_intake() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    newest BIGINT;
BEGIN
    IF session_user = current_user THEN RETURN NULL; END IF;
    SELECT COALESCE(MAX(id), 0) INTO newest FROM inbox_items;
    IF EXISTS (SELECT 1 FROM added WHERE id <= newest) THEN
        PERFORM sediment_refuse(format('%s may not file a proposal under an id the inbox already holds (up to %s)',
                                       session_user, newest));
    END IF;
    IF EXISTS (SELECT 1 FROM added WHERE destination NOT IN ('memory', 'user', 'claude_md', 'settings_json',
                                                            'brain_inbox', 'skill', 'chantier_outil',
                                                            'claude_memory')) THEN
        PERFORM sediment_refuse(format('%s may not file a proposal for a destination Sediment does not know',
                                       session_user));
    END IF;
    IF EXISTS (SELECT 1 FROM added WHERE score IS NOT NULL AND NOT (score >= 0 AND score <= 1)) THEN
        PERFORM sediment_refuse(format('%s may not file a proposal scored outside 0 to 1', session_user));
    END IF;
    IF EXISTS (SELECT 1 FROM added WHERE seen < 1 OR jsonb_typeof(op_json::jsonb) IS DISTINCT FROM 'object'
                                      OR jsonb_typeof(source_json::jsonb) IS DISTINCT FROM 'object') THEN
        PERFORM sediment_refuse(format('%s may not file a proposal whose operation or source is not a JSON object',
                                       session_user));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER inbox_intake_guard_rows AFTER INSERT ON inbox_intake REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION sediment_guard_intake();

-- The ways in run as the owner with this schema alone on their path, as step 12 set them.
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
)sql";

const char* postgresGuardsStep() { return kTeamV14; }

} // namespace sediment::schema
