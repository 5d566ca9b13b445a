#include "demo/DemoText.h"

namespace sediment::demo {

const QStringList& DemoText::projects()
{
    static const QStringList v{
        QStringLiteral("billing-api"),  QStringLiteral("atlas-web"),   QStringLiteral("ingest-worker"),
        QStringLiteral("docs-site"),    QStringLiteral("mobile-app"),  QStringLiteral("search-svc"),
        QStringLiteral("auth-gateway"), QStringLiteral("etl-nightly"), QStringLiteral("ledger-core"),
        QStringLiteral("notify-svc"),
    };
    return v;
}

const QStringList& DemoText::memoryFacts()
{
    static const QStringList v{
        QStringLiteral("%1: run `make check` before pushing; CI fails on lint warnings."),
        QStringLiteral("%1 deploys from the release branch only; main is never deployed directly."),
        QStringLiteral("%1's staging database is reset nightly at 02:00 UTC; keep no fixtures there."),
        QStringLiteral("%1 pins Node 18; Node 20 breaks its snapshot tests."),
        QStringLiteral("In %1, feature flags live in config/flags.yaml, not in the database."),
        QStringLiteral("%1 logs go to journald: use `journalctl -u %1`, not the log folder."),
        QStringLiteral("%1 integration tests need the compose stack up (`make up`) first."),
        QStringLiteral("%1 migrations must be backward compatible for one release."),
        QStringLiteral("%1 uses UTC everywhere; convert to local time only in the UI layer."),
        QStringLiteral("%1's flaky test `test_retry_backoff` is quarantined; do not re-enable it."),
        QStringLiteral("%1 secrets come from the vault agent; never read .env files directly."),
        QStringLiteral("%1 release notes are generated from PR titles: write them for users."),
    };
    return v;
}

const QStringList& DemoText::userFacts()
{
    static const QStringList v{
        QStringLiteral("Prefers the command first, the explanation after, in short answers."),
        QStringLiteral("Works on Europe/Paris time; nothing scheduled after 19:00 local."),
        QStringLiteral("Reads diffs side by side; wants paths relative to the repository root."),
        QStringLiteral("Wants a failing test before any bug fix is written."),
        QStringLiteral("Reviews on Tuesday and Thursday mornings; batches questions for then."),
        QStringLiteral("Dislikes new dependencies; ask before adding one."),
        QStringLiteral("Writes commit messages in the imperative, 72 columns."),
        QStringLiteral("Uses fish shell; scripts must still be POSIX sh."),
        QStringLiteral("Prefers tables over bullet lists for comparisons."),
        QStringLiteral("Is the on-call reviewer for security changes."),
    };
    return v;
}

const QStringList& DemoText::claudeRules()
{
    static const QStringList v{
        QStringLiteral("- Run the full test suite before proposing a merge, not only the changed module."),
        QStringLiteral("- Never edit generated files under gen/; change the generator instead."),
        QStringLiteral("- Ask before deleting any file outside the task's folder."),
        QStringLiteral("- Quote the exact error message when reporting a failure."),
        QStringLiteral("- Prefer small commits that each build and pass the tests."),
        QStringLiteral("- Check the migration runs on a copy of production data before shipping it."),
        QStringLiteral("- Keep secrets out of logs: redact tokens before printing a request."),
        QStringLiteral("- When a command fails twice the same way, stop and report instead of retrying."),
    };
    return v;
}

QString DemoText::claudeMd()
{
    return QStringLiteral("# Working agreement\n\n"
                          "## Code\n\n"
                          "- Follow the style of the file you edit.\n"
                          "- Tests first for bug fixes.\n"
                          "- Keep functions under 60 lines.\n\n"
                          "## Git\n\n"
                          "- Rebase on main before opening a pull request.\n"
                          "- Never force-push a shared branch.\n\n"
                          "## Safety\n\n"
                          "- Never run destructive commands on production hosts.\n"
                          "- Staging credentials live in the vault; do not copy them.\n");
}

QString DemoText::settingsJson()
{
    return QStringLiteral("{\n  \"permissions\": {\n    \"allow\": [\"Bash(make test)\", \"Bash(git status)\"],\n"
                          "    \"deny\": [\"Bash(rm -rf *)\"]\n  },\n  \"env\": {\n    \"RUST_LOG\": \"warn\"\n  },\n"
                          "  \"model\": \"default\"\n}\n");
}

const QStringList& DemoText::noteTitles()
{
    static const QStringList v{
        QStringLiteral("Why we retry idempotent calls only"),
        QStringLiteral("Feature flags as the unit of release"),
        QStringLiteral("Error budgets decide the release pace"),
        QStringLiteral("The cost of a flaky test"),
        QStringLiteral("Read paths and write paths scale differently"),
        QStringLiteral("Schema changes in three steps"),
        QStringLiteral("Observability before optimisation"),
        QStringLiteral("On-call handover checklist"),
        QStringLiteral("Small batches beat big releases"),
        QStringLiteral("When to write an ADR"),
    };
    return v;
}

const QStringList& DemoText::chantierTitles()
{
    static const QStringList v{
        QStringLiteral("Nightly check of expiring TLS certificates"),
        QStringLiteral("Weekly dependency audit report"),
        QStringLiteral("Automate the staging database refresh"),
        QStringLiteral("Alert when the inbox holds more than 50 items"),
        QStringLiteral("Archive CI logs older than 90 days"),
        QStringLiteral("Lint commit messages in a pre-push hook"),
        QStringLiteral("Dashboard of flaky tests per module"),
        QStringLiteral("Script the release checklist"),
    };
    return v;
}

const QStringList& DemoText::skillNames()
{
    static const QStringList v{
        QStringLiteral("git-bisect-regression"),
        QStringLiteral("postgres-slow-query"),
        QStringLiteral("release-notes"),
        QStringLiteral("docker-compose-debug"),
        QStringLiteral("flaky-test-triage"),
        QStringLiteral("tls-cert-renewal"),
        QStringLiteral("log-search"),
        QStringLiteral("api-deprecation"),
        QStringLiteral("incident-timeline"),
        QStringLiteral("k8s-rollout-check"),
        QStringLiteral("csv-cleanup"),
        QStringLiteral("dependency-bump"),
        QStringLiteral("schema-migration"),
        QStringLiteral("perf-profile"),
    };
    return v;
}

const QStringList& DemoText::scarTitles()
{
    static const QStringList v{
        QStringLiteral("Deploy went out with a missing migration"),
        QStringLiteral("Cache stampede after the config reload"),
        QStringLiteral("Flaky test masked a real race condition"),
        QStringLiteral("Rollback script assumed a clean working tree"),
        QStringLiteral("Bisect found the regression in twelve steps"),
        QStringLiteral("Rate limiter blocked the health checks"),
        QStringLiteral("Timezone bug in the nightly report"),
        QStringLiteral("Staging credentials leaked into a log line"),
        QStringLiteral("Feature flag cleanup removed a live path"),
        QStringLiteral("Index added concurrently avoided downtime"),
        QStringLiteral("Retry storm after the upstream outage"),
        QStringLiteral("Canary caught the memory leak early"),
    };
    return v;
}

const QStringList& DemoText::scarLessons()
{
    static const QStringList v{
        QStringLiteral("Check pending migrations in the deploy script and stop if any."),
        QStringLiteral("Add jitter to cache expiry and warm the cache before the reload."),
        QStringLiteral("Run a flaky test 50 times under load before quarantining it."),
        QStringLiteral("Make rollback scripts check `git status` and refuse a dirty tree."),
        QStringLiteral("Start with `git bisect run make test` on any regression with a test."),
        QStringLiteral("Exempt health checks from rate limiting."),
        QStringLiteral("Store and compare times in UTC; format only at the edge."),
        QStringLiteral("Redact tokens in the request logger, not at each call site."),
        QStringLiteral("Search for flag reads across all services before removing a flag."),
        QStringLiteral("Create indexes concurrently on tables over a million rows."),
        QStringLiteral("Cap retries with exponential backoff and a circuit breaker."),
        QStringLiteral("Ship behind a canary with memory alerts before full rollout."),
    };
    return v;
}

const QStringList& DemoText::decisionTexts()
{
    static const QStringList v{
        QStringLiteral("Split the billing worker into its own deployment"),
        QStringLiteral("Adopt feature flags for the checkout rewrite"),
        QStringLiteral("Move CI caching to the shared bucket"),
        QStringLiteral("Rotate staging credentials monthly"),
        QStringLiteral("Replace the cron scheduler with the queue"),
        QStringLiteral("Pin the ORM version until the upgrade is tested"),
        QStringLiteral("Write the spec before the search refactor"),
        QStringLiteral("Enable TLS between internal services"),
        QStringLiteral("Consolidate the two logging libraries"),
        QStringLiteral("Drop support for the v1 webhook format"),
        QStringLiteral("Add a contract test for the payments API"),
        QStringLiteral("Batch the nightly ETL writes"),
    };
    return v;
}

} // namespace sediment::demo
