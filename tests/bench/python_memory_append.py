#!/usr/bin/env python3
"""The floor of a Python memory tool: the same append `sediment memory apply -` makes, done by a
fresh Python process with only the standard library, for comparing start-to-exit times.

It takes one request ({"action": "add", "target": ..., "content": ...}) on stdin and a workspace
folder as its argument, takes the sidecar flock, reads and splits the store, appends, writes a
temporary file, fsyncs it, renames it over the store, fsyncs the folder and prints a result.
No threat scan, no audit log, no journal: a real agent's tool does more, so the ratio measured
against this script is a lower bound.

    sediment_bench_dir=$(mktemp -d)
    echo '{"action":"add","target":"memory","content":"x"}' | \
        python3 tests/bench/python_memory_append.py "$sediment_bench_dir"
"""
import fcntl
import json
import os
import sys
import tempfile

DELIMITER = "\n\u00a7\n"
LIMITS = {"memory": 2200, "user": 1375}
FILES = {"memory": "MEMORY.md", "user": "USER.md"}


def main() -> int:
    request = json.load(sys.stdin)
    target = request.get("target", "memory")
    folder = os.path.join(sys.argv[1], "memories")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, FILES[target])
    with open(path + ".lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except FileNotFoundError:
            text = ""
        entries = [e.strip() for e in text.split(DELIMITER) if e.strip()]
        content = request["content"].strip()
        if content not in entries:
            entries.append(content)
        joined = DELIMITER.join(entries)
        if len(joined) > LIMITS[target]:
            print(json.dumps({"success": False, "error": "over the limit"}))
            return 1
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(joined)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
        dirfd = os.open(folder, os.O_RDONLY)
        os.fsync(dirfd)
        os.close(dirfd)
    print(json.dumps({"success": True, "target": target, "entry_count": len(entries)},
                     ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
