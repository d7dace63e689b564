cd gsb-kueue
cat <<'EOF2' > deploy.sh
#!/bin/bash
set -euo pipefail
echo "deploying $# files: $*"
for f in "$@"; do
  echo "-> $f"
done
exit 4
EOF2
bash deploy.sh a.yaml b.yaml; echo "status $?"
sh deploy.sh; echo "status $?"
printf 'echo one\nif true; then\n' > broken.sh; bash broken.sh; echo "status $?"
printf 'echo one\nfi\necho never\n' > bad.sh; bash bad.sh; echo "status $?"
printf 'GREETING=hi\nsay() { echo "$GREETING $1"; }\n' > lib.sh
source lib.sh; say there; . ./lib.sh && echo sourced
bash -c 'echo "in a child: $0 $1"' name arg
bash -c 'set -e; echo before; false; echo after'; echo "status $?"
bash -c 'echo ${MISSING:?is required}; echo after'; echo "status $?"
bash -c 'set -x; n=2; echo $((n * 2))'
bash -c 'set -o pipefail; false | true'; echo "pipefail status $?"
X=local-only; bash -c 'echo "child sees [$X]"'; export X; bash -c 'echo "child sees [$X]"'
eval 'echo "eval: $((6 * 7))"'
type greet cd ls for nosuch
echo ${UNSET:?needs a value}; echo not-run
echo "still here"
set -u; echo "$UNSET_VAR"
set +u
echo $((1 / 0)); echo next
echo "${X:-}" | read v; echo "read in a pipe stays there: [$v]"
read line; echo "status $?"
set -e
false
echo "the terminal stays open"
set +e
exit 3
echo "after exit: $?"
