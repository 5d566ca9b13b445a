# Sourced by the fresh-machine scripts: fills `sources` with this machine's apt source files, so
# that the throw-away roots fetch from where this machine's own apt fetches.
sources=()
[ -s /etc/apt/sources.list ] && grep -q '^[[:space:]]*deb' /etc/apt/sources.list &&
    sources+=(/etc/apt/sources.list)
for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sources+=("$f")
done
