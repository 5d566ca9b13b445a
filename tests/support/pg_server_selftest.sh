#!/usr/bin/env bash
# pg_server_selftest: the server pg_server.sh started is there and is what the team-mode tests
# expect: reachable with the recorded connection string, PostgreSQL 15, durability off, and a
# database can be made, written, read back and dropped.
# Usage: pg_server_selftest.sh [CONNINFO_FILE]; without it, the file named by
# SEDIMENT_TEST_POSTGRES_FILE, as the team-mode tests find it (CMake's sediment_use_pg sets it).
set -uo pipefail

file=${1:-${SEDIMENT_TEST_POSTGRES_FILE:-}}
psql_bin=${SEDIMENT_PG_BINDIR:-/usr/lib/postgresql/15/bin}/psql
[ -x "$psql_bin" ] || psql_bin=psql
db=sediment_selftest_$$
export PGCLIENTENCODING=UTF8 # the row below is not ASCII, whatever the caller's locale
passed=0
failed=0

pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}
# q CONNINFO SQL: one query, unaligned, no headers; psql's errors on stderr and a non-zero exit.
q() { "$psql_bin" "$1" -X -v ON_ERROR_STOP=1 -Atq -c "$2"; }
# expect DESCRIPTION WANTED CONNINFO SQL
expect() {
    local got
    if got=$(q "$3" "$4") && [ "$got" = "$2" ]; then
        pass "$1"
    else
        fail "$1 (wanted '$2', got '${got:-}')"
    fi
}

if [ -z "$file" ] || [ ! -s "$file" ]; then
    fail "the connection file '${file}' exists (pg_server.sh start, the pg_server_start test)"
    finish
fi
conninfo=$(cat "$file")
if [[ "$conninfo" =~ ^host=/[^\ ]+\ port=[0-9]+\ user=sediment_test\ dbname=postgres$ ]]; then
    pass "the connection string has the documented form: $conninfo"
else
    fail "the connection string has the documented form: $conninfo"
fi
if ! q "$conninfo" 'select 1' >/dev/null; then
    fail "psql connects with: $conninfo"
    finish
fi
pass "psql connects"

expect "the server is PostgreSQL 15" 15 "$conninfo" \
    "select current_setting('server_version_num')::int / 10000"
expect "fsync is off" off "$conninfo" "show fsync"
expect "the server listens on no TCP address" "" "$conninfo" "show listen_addresses"
expect "the user is a superuser" on "$conninfo" "show is_superuser"

if ! q "$conninfo" "create database $db"; then
    fail "a database can be created"
    finish
fi
pass "a database can be created"
dbconn="${conninfo% dbname=postgres} dbname=$db"
expect "a table is created, a row written and read back" "1|bürokratie" "$dbconn" \
    "create table t (id int primary key, name text not null);
     insert into t values (1, 'bürokratie');
     select id, name from t"
expect "the database is UTF-8" UTF8 "$dbconn" "show server_encoding"
if q "$conninfo" "drop database $db"; then
    pass "the database is dropped"
else
    fail "the database is dropped"
fi
expect "nothing of it is left" 0 "$conninfo" "select count(*) from pg_database where datname = '$db'"
finish
