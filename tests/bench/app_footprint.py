#!/usr/bin/env python3
"""The app's memory and CPU while preflight runs over a large Hermes queue (docs/user-guide.md#preflight).

Usage: app_footprint.py SEDIMENT_BINARY [COUNT=10000] [SECONDS=16]

Writes a Hermes home with COUNT staged records (memory adds, skill patches, a fifth that cannot
apply) in a temporary folder, imports it with `hermes import-pending`, then opens the real app
on it (offscreen) and samples /proc/PID every 250 ms: CPU time, resident memory and its peak.
"""
import json, os, random, subprocess, sys, tempfile, time

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 16
random.seed(7)


def sentence():
    return " ".join("".join(random.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(random.randint(4, 8)))
                    for _ in range(8)) + "."


with tempfile.TemporaryDirectory() as home:
    def write(rel, text):
        os.makedirs(os.path.dirname(os.path.join(home, rel)), exist_ok=True)
        with open(os.path.join(home, rel), "w") as f:
            f.write(text)
    write("config.yaml", "memory:\n  write_approval: true\n  memory_char_limit: 100000\nskills:\n  write_approval: true\n")
    write("memories/MEMORY.md", "First entry")
    for s in range(30):
        write(f"skills/skill-{s:02d}/SKILL.md", f"---\nname: skill-{s:02d}\ndescription: Skill {s}\n---\n\nStep one.\n")
    for i in range(count):
        k = i % 20
        if k < 2:
            p = {"action": "replace", "target": "memory", "old_text": "Gone", "content": f"New {i}",
                 "matched_entry": f"Gone entry {i}"}
        elif k < 4:
            p = {"action": "patch", "name": f"skill-{i % 30:02d}", "old_string": "Step zero.", "new_string": "x"}
        elif k < 10:
            p = {"action": "patch", "name": f"skill-{i % 30:02d}", "old_string": "Step one.",
                 "new_string": "Step one: " + sentence()}
        else:
            p = {"action": "add", "target": "memory", "content": sentence()}
        sub = "memory" if "target" in p else "skills"
        rid = f"{0x30000000 + i:08x}"
        write(f"pending/{sub}/{rid}.json", json.dumps({"id": rid, "subsystem": sub, "action": p["action"],
                                                      "summary": "bench", "origin": "foreground",
                                                      "created_at": 1795400000.0 + i, "payload": p}))
    subprocess.run([binary, "--workspace", home, "hermes", "import-pending"], check=True, stdout=subprocess.DEVNULL)

    app = subprocess.Popen([binary, "--workspace", home], env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tick = os.sysconf("SC_CLK_TCK")
    start = time.time()
    last_cpu, last_at, samples = 0.0, start, []
    while time.time() - start < seconds and app.poll() is None:
        time.sleep(0.25)
        try:
            fields = open(f"/proc/{app.pid}/stat").read().rsplit(")", 1)[1].split()
            status = dict(line.split(":", 1) for line in open(f"/proc/{app.pid}/status").read().splitlines())
        except OSError:
            break
        cpu = (int(fields[11]) + int(fields[12])) / tick
        now = time.time()
        samples.append((now - start, cpu, int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024,
                        (cpu - last_cpu) / (now - last_at) * 100))
        last_cpu, last_at = cpu, now
    app.terminate()
    app.wait()
    for at, cpu, rss, peak, load in samples[::4]:
        print(f"t={at:5.1f}s cpu={cpu:6.2f}s rss={rss:6.1f}MiB peak={peak:6.1f}MiB load={load:4.0f}%")
    print(f"{count} staged records: total CPU {samples[-1][1]:.2f} s, peak resident {max(s[3] for s in samples):.1f} MiB")
