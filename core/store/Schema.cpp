#include "store/Schema.h"

#include <array>
#include <string>

namespace sediment::schema {

namespace {

// Schema 1: every table of the product. Times are ISO-8601 UTC text with milliseconds.
constexpr const char* kV1 = R"sql(
CREATE TABLE inbox_items(
    id            INTEGER PRIMARY KEY,
    ext_id        TEXT,                       -- the agent's own id: an idempotency key
    destination   TEXT NOT NULL,              -- memory|user|claude_md|settings_json|brain_inbox|skill|chantier_outil
    op_json       TEXT NOT NULL,              -- the payload as proposed (sanitised)
    final_op_json TEXT,                       -- the payload as applied after a reviewer's patch
    content_hash  TEXT NOT NULL,              -- SHA-256 of destination + canonical op: dedup and refusal memory
    rationale     TEXT NOT NULL DEFAULT '',
    score         REAL,
    agent         TEXT,
    session       TEXT,
    source_json   TEXT NOT NULL DEFAULT '{}', -- the whole provenance, unknown fields kept
    status        TEXT NOT NULL DEFAULT 'pending', -- pending|applied|failed|refused|modified|reverted|rejected
    reason        TEXT,                       -- gate reason, store message or refusal text
    refusal_code  TEXT,
    seen          INTEGER NOT NULL DEFAULT 1,
    stale         INTEGER NOT NULL DEFAULT 0,
    sanitized_json TEXT,                      -- what sanitising stripped or cut
    target_path   TEXT,                       -- the file written, relative to the workspace
    before_content TEXT,                      -- the target before the write (revert)
    after_content TEXT,                       -- the target after the write (revert check)
    created_at    TEXT NOT NULL,
    decided_at    TEXT,
    decided_by    TEXT
);
CREATE INDEX inbox_by_status ON inbox_items(status, id);
CREATE INDEX inbox_by_destination ON inbox_items(destination, id);
CREATE INDEX inbox_by_hash ON inbox_items(content_hash, status);
CREATE INDEX inbox_by_ext_id ON inbox_items(ext_id) WHERE ext_id IS NOT NULL;

CREATE TABLE audit_log(
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    at           TEXT NOT NULL,
    actor        TEXT NOT NULL,
    action       TEXT NOT NULL,
    subject_type TEXT NOT NULL,
    subject_id   TEXT NOT NULL,
    reason       TEXT,
    before       TEXT,
    after        TEXT,
    details      TEXT NOT NULL DEFAULT '{}',
    prev_hash    TEXT NOT NULL,
    hash         TEXT NOT NULL
);
CREATE INDEX audit_by_subject ON audit_log(subject_type, subject_id, seq);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;

CREATE TABLE skills(
    name            TEXT PRIMARY KEY,
    created_by      TEXT NOT NULL DEFAULT 'agent',  -- agent|user|bundled|hub
    pinned          INTEGER NOT NULL DEFAULT 0,
    state           TEXT NOT NULL DEFAULT 'active', -- active|stale|archived
    use_count       INTEGER NOT NULL DEFAULT 0,
    view_count      INTEGER NOT NULL DEFAULT 0,
    patch_count     INTEGER NOT NULL DEFAULT 0,
    last_used_at    TEXT,
    last_viewed_at  TEXT,
    last_patched_at TEXT,
    created_at      TEXT NOT NULL,
    archived_at     TEXT,
    archive_path    TEXT,                           -- where the folder went, relative to skills/
    extra_json      TEXT NOT NULL DEFAULT '{}'      -- unknown keys from Hermes' .usage.json
);
CREATE INDEX skills_by_state ON skills(state, name);

CREATE TABLE curator_runs(
    id       INTEGER PRIMARY KEY,
    at       TEXT NOT NULL,   -- the injected clock's time
    dry_run  INTEGER NOT NULL,
    result   TEXT NOT NULL    -- the pass's JSON counts
);

-- The Hermes .usage.json that `skills import-hermes` linked: pins and transitions go back to it.
CREATE TABLE skills_usage_link(
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    path        TEXT NOT NULL,  -- absolute
    imported_at TEXT NOT NULL
);

CREATE TABLE scars(
    id               INTEGER PRIMARY KEY,
    kind             TEXT NOT NULL,                 -- failure|victory
    title            TEXT NOT NULL,
    context          TEXT NOT NULL DEFAULT '',
    lesson           TEXT NOT NULL DEFAULT '',      -- check_added
    importance       INTEGER NOT NULL DEFAULT 5,    -- 0..10
    learnable        INTEGER NOT NULL DEFAULT 1,
    source           TEXT,
    scope            TEXT NOT NULL DEFAULT 'general',
    created_at       TEXT NOT NULL,
    recall_count     INTEGER NOT NULL DEFAULT 0,
    last_recalled_at TEXT,
    archived         INTEGER NOT NULL DEFAULT 0,
    suggestion_id    INTEGER                        -- the inbox item made from it
);
CREATE INDEX scars_by_importance ON scars(learnable, suggestion_id, importance DESC);
CREATE INDEX scars_by_created ON scars(created_at, id);  -- the Scars page's default order
CREATE VIRTUAL TABLE scars_fts USING fts5(title, context, lesson, content='scars', content_rowid='id');
CREATE TRIGGER scars_fts_insert AFTER INSERT ON scars BEGIN
    INSERT INTO scars_fts(rowid, title, context, lesson) VALUES (new.id, new.title, new.context, new.lesson);
END;
CREATE TRIGGER scars_fts_delete AFTER DELETE ON scars BEGIN
    INSERT INTO scars_fts(scars_fts, rowid, title, context, lesson) VALUES ('delete', old.id, old.title, old.context, old.lesson);
END;
CREATE TRIGGER scars_fts_update AFTER UPDATE OF title, context, lesson ON scars BEGIN
    INSERT INTO scars_fts(scars_fts, rowid, title, context, lesson) VALUES ('delete', old.id, old.title, old.context, old.lesson);
    INSERT INTO scars_fts(rowid, title, context, lesson) VALUES (new.id, new.title, new.context, new.lesson);
END;

CREATE TABLE decisions(
    id            INTEGER PRIMARY KEY,
    ext_id        TEXT UNIQUE,
    description   TEXT NOT NULL,
    context       TEXT NOT NULL DEFAULT '',
    pattern       TEXT NOT NULL DEFAULT '',
    confidence    REAL NOT NULL,
    category      TEXT NOT NULL,   -- architecture|process|tooling|security|integration
    stakes        TEXT NOT NULL,   -- low|medium|high|critical
    outcome       TEXT NOT NULL DEFAULT 'pending', -- pending|success|partial|failure|noise|superseded
    outcome_text  TEXT,
    reviewer      TEXT,
    reviewed_at   TEXT,
    superseded_by INTEGER,
    created_at    TEXT NOT NULL,
    session       TEXT
);
CREATE INDEX decisions_by_outcome ON decisions(outcome, category);
CREATE INDEX decisions_by_created ON decisions(created_at, id);  -- review queue order

CREATE TABLE calibration_snapshots(
    id       INTEGER PRIMARY KEY,
    at       TEXT NOT NULL,
    reviewed INTEGER NOT NULL,
    brier    REAL,
    accuracy REAL,
    ece      REAL,
    figures  TEXT NOT NULL     -- the whole calibration JSON of docs/user-guide.md#decisions
);
)sql";

// Schema 2: Hermes' staged write-approval queue (docs/verbs.md#hermes). One row per staged file imported into
// the inbox, so a re-import of an id already decided is recognised and never applied twice.
constexpr const char* kV2 = R"sql(
CREATE TABLE hermes_staged(
    hermes_id   TEXT PRIMARY KEY,             -- the staged record's id (its file name's stem)
    file_name   TEXT NOT NULL,                -- relative to pending/memory/
    inbox_id    INTEGER NOT NULL,             -- the inbox item made from it
    state       TEXT NOT NULL DEFAULT 'imported', -- imported|applied|refused
    error       TEXT,                         -- why settling the file failed, if it did
    imported_at TEXT NOT NULL,
    settled_at  TEXT
);
CREATE INDEX hermes_staged_by_inbox ON hermes_staged(inbox_id);
CREATE INDEX hermes_staged_by_state ON hermes_staged(state);
)sql";

// Schema 3: the inbox at a million rows (docs/user-guide.md#the-window). The page always filters on status (pending by
// default), so the destination index leads with it: `dest:` then reads one covering range in id
// order instead of a table lookup per row. Stale items are few, so a partial index finds them
// without scanning; a fresh proposal is never stale, so inserts only test the condition.
constexpr const char* kV3 = R"sql(
DROP INDEX inbox_by_destination;
CREATE INDEX inbox_by_status_destination ON inbox_items(status, destination, id);
CREATE INDEX inbox_stale ON inbox_items(status, id) WHERE stale <> 0;
-- The Scars page lists the scopes in use: walking this index takes a step per scope, where
-- SELECT DISTINCT read every scar (0.1 ms instead of 460 ms at a million scars).
CREATE INDEX scars_by_scope ON scars(scope);
)sql";

// Schema 4: `propose` writes cheaply, the inbox filters from indexes (docs/user-guide.md#the-window).
// - Duplicate and refusal lookups go through hash_key, the first 60 bits of content_hash as an
//   integer: an index entry of a few bytes instead of 64 hex characters plus the status, which
//   had made that index a quarter of the database and most of the random writes of a large
//   `propose`. The full hash is still compared on the rows it finds.
// - The status and status-destination indexes carry the columns the query language filters on
//   (agent, score, stale), so `agent:`, `score>=` and their combinations are answered from index
//   entries in id order without reading a row; `agent:` has its own index, covering the same
//   columns, so that `agent:owl score>=0.5` walks one agent's entries rather than every entry.
//   The fixed-size columns come first: a filter on score decodes less of each entry.
// - Free text (docs/user-guide.md#the-window) is served by a trigram index over rationale, payload and agent, which keeps
//   LIKE's meaning (substrings, ASCII case folded: SQLite re-checks every candidate). It is
//   not written by `propose`: InboxTextIndex catches it up in id order, in small transactions,
//   and inbox_text_mark says how far it has come; rows above the mark are searched with LIKE.
constexpr const char* kV4Head = R"sql(
ALTER TABLE inbox_items ADD COLUMN hash_key INTEGER;
)sql";

constexpr const char* kV4Tail = R"sql(
DROP INDEX inbox_by_hash;
CREATE INDEX inbox_by_hash_key ON inbox_items(hash_key);
DROP INDEX inbox_by_status;
CREATE INDEX inbox_by_status ON inbox_items(status, id, score, stale, destination, agent);
DROP INDEX inbox_by_status_destination;
CREATE INDEX inbox_by_status_destination ON inbox_items(status, destination, id, score, stale, agent);
CREATE INDEX inbox_by_status_agent ON inbox_items(status, agent COLLATE NOCASE, id, score, stale, destination);
-- Score alone walks every entry of a status: this narrow copy makes that walk about 30% shorter
-- than the covering index's (a million entries: 50 ms instead of 72).
CREATE INDEX inbox_by_status_score ON inbox_items(status, id, score);
-- Fields are joined with US (0x1F), which sanitising removes from every agent text and JSON
-- escapes in payloads, so no search term can match across two fields.
CREATE VIEW inbox_text_source AS
    SELECT id, rationale || char(31) || op_json || char(31) || COALESCE(agent, '') AS text
    FROM inbox_items;
CREATE VIRTUAL TABLE inbox_text USING fts5(text, content='inbox_text_source', content_rowid='id',
                                           tokenize='trigram', detail='none');
CREATE TABLE inbox_text_mark(upto INTEGER NOT NULL); -- every id <= upto is in inbox_text
INSERT INTO inbox_text_mark(upto) VALUES (0);
)sql";

// Schema 5: the intake (docs/verbs.md#propose, docs/architecture.md#durability). `propose` files a deferred proposal here, in a lean row that
// only the hash_key index (and, for the few with an agent id, the ext_id index) is kept for,
// instead of in inbox_items with its five filter indexes: those cost an agent's large batch
// twice its rows' own writing. Every row is pending and keeps the id it was given, which is
// never used in inbox_items; InboxStaging moves rows there (the desktop in idle slices, the
// inbox commands before they read), in id order, with nothing else changed. Readers count
// both tables; a row here is a pending item in every respect but its filter indexes.
constexpr const char* kV5 = R"sql(
CREATE TABLE inbox_intake(
    id             INTEGER PRIMARY KEY,       -- the inbox id it keeps in inbox_items
    hash_key       INTEGER NOT NULL,
    content_hash   TEXT NOT NULL,
    ext_id         TEXT,
    destination    TEXT NOT NULL,
    op_json        TEXT NOT NULL,
    rationale      TEXT NOT NULL DEFAULT '',
    score          REAL,
    agent          TEXT,
    session        TEXT,
    source_json    TEXT NOT NULL DEFAULT '{}',
    reason         TEXT,
    seen           INTEGER NOT NULL DEFAULT 1,
    sanitized_json TEXT,
    created_at     TEXT NOT NULL
);
CREATE INDEX inbox_intake_by_hash_key ON inbox_intake(hash_key);
CREATE INDEX inbox_intake_by_ext_id ON inbox_intake(ext_id) WHERE ext_id IS NOT NULL;
)sql";

// Schema 6: Hermes profiles (docs/verbs.md#hermes). A Hermes root holds one staged queue per profile; each
// record names its profile, and the inbox filters on it (`profile:`) through this index rather
// than by reading every item's provenance. Ids are unique only within a profile, so a named
// profile's records are keyed `<profile>/<id>` in hermes_id (HermesRepository maps the two);
// the root's own records keep their bare id, as before.
constexpr const char* kV6 = R"sql(
ALTER TABLE hermes_staged ADD COLUMN profile TEXT NOT NULL DEFAULT 'default';
CREATE INDEX hermes_staged_by_profile ON hermes_staged(profile, inbox_id);
)sql";

// Schema 7: the decision journal (docs/architecture.md#durability). A decision that writes a file commits its row here
// first (the target, the hash and bytes it expects to find, the hash and bytes it writes, and
// the outcome to record), then writes the file, then records the outcome and deletes the row in
// one transaction. A row still here belongs to a process that died between the two commits;
// the next process settles it by comparing the target's bytes with the two hashes. A row whose
// target holds neither stays, in state `needs_attention`, until a human resolves it.
constexpr const char* kV7 = R"sql(
CREATE TABLE decision_journal(
    id             INTEGER PRIMARY KEY,
    state          TEXT NOT NULL DEFAULT 'open', -- open|needs_attention
    subject_type   TEXT NOT NULL,                -- inbox_item|memory
    subject_id     TEXT NOT NULL,
    item_id        INTEGER,                      -- the inbox item decided, if any
    target_path    TEXT NOT NULL,                -- absolute
    expected_hash  TEXT,                         -- SHA-256 of the bytes found before; NULL: no file
    expected_bytes TEXT,
    new_hash       TEXT,                         -- SHA-256 of the bytes written; NULL: file removed
    new_bytes      TEXT,
    outcome_json   TEXT NOT NULL,                -- the audit row (and item decision) to commit
    found_hash     TEXT,                         -- what settling found, when it was neither
    created_at     TEXT NOT NULL
);
CREATE INDEX decision_journal_by_item ON decision_journal(item_id) WHERE item_id IS NOT NULL;
)sql";

// The memory stores as a team's files host last read them, for reviewers elsewhere
// (MemorySnapshotRepository). An embedded workspace reads its files and never fills it.
constexpr const char* kV9 = R"sql(
CREATE TABLE memory_snapshots(
    destination  TEXT NOT NULL,    -- memory|user
    profile      TEXT NOT NULL,    -- the Hermes profile; 'default' for the workspace's own
    entries_json TEXT NOT NULL,    -- the entries, as the store reads the file
    char_limit   INTEGER NOT NULL,
    file_hash    TEXT NOT NULL,    -- SHA-256 of the file's bytes; '' when there is no file
    host         TEXT NOT NULL,
    taken_at     TEXT NOT NULL,
    PRIMARY KEY (destination, profile)
);
)sql";

// Schema 11: reviewers' claims on the pending items they are reading (InboxClaimRepository).
// A claim only steers other reviewers walking the queue to other items; it decides nothing and
// lapses at expires_at (ISO-8601 UTC, compared as text like every stored time).
constexpr const char* kV11 = R"sql(
CREATE TABLE inbox_claims(
    item_id    INTEGER PRIMARY KEY,
    reviewer   TEXT NOT NULL,
    claimed_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
)sql";

// Schema 13: a score range counted from its own entries (docs/user-guide.md#the-window). Read in
// id order, `score>=0.9` walks every entry of its status (no index hands out a score range in id
// order), and counting it walked them all again: at a million pending items the first page
// waited for two full walks. Counted from this index, a range costs its own entries. Only a
// filter of status and score alone reads it (InboxFilterSql writes the score as `+score`
// otherwise): this narrow index would cost a table lookup per entry for any other column, and
// SQLite, without statistics, would pick it over the covering ones. The server has had the same
// index since its schema 8.
constexpr const char* kV13 = R"sql(
CREATE INDEX inbox_score_range ON inbox_items(status, score);
)sql";

// hash_key for the rows already there: SQLite 3.40 has no unhex(), so the fifteen hex digits are
// folded one by one. InboxRepository computes the same value for new rows.
std::string backfillHashKey()
{
    std::string digits = "(instr('0123456789abcdef', substr(content_hash, 1, 1)) - 1)";
    for (int k = 2; k <= 15; ++k)
        digits =
            "(" + digits + " * 16 + instr('0123456789abcdef', substr(content_hash, " + std::to_string(k) + ", 1)) - 1)";
    return "UPDATE inbox_items SET hash_key = " + digits + ";";
}

} // namespace

std::span<const char* const> migrations()
{
    static const std::string v4 = std::string(kV4Head) + backfillHashKey() + kV4Tail;
    // Step 8 is the server's inbox counts (PostgresSchema.cpp); SQLite counts quickly without.
    // Step 10 is the server's trigram index (PostgresSchema.cpp); SQLite's is inbox_text.
    // Steps 12 and 14 are the server's rights (PostgresRights.cpp, PostgresGuards.cpp); one founder
    // at one machine has them all.
    static const std::array<const char*, 14> all{kV1, kV2, kV3, v4.c_str(), kV5, kV6,  kV7,
                                                 "",  kV9, "",  kV11,       "",  kV13, ""};
    return all;
}

} // namespace sediment::schema
