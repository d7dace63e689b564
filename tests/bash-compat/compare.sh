#!/usr/bin/env bash
# Runs each case (tests/bash-compat/cases/*.sh: one shell input per line, no kubectl) twice —
# under real /bin/bash, interactive, in a temporary HOME, and under `kueue-lab sim` — and
# compares the two transcripts (`$ input` then its stdout and stderr as a terminal shows them).
# The temporary HOME is written as /root, the simulator's home, before comparing.
#
# usage: tests/bash-compat/compare.sh KUEUE_LAB_BINARY [CASE.sh...]
# Prints a unified diff per differing case and `N passed, N failed`; exits 1 if any differs.
set -u
bin=${1:?usage: compare.sh KUEUE_LAB_BINARY [CASE.sh...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -eq 0 ]; then
  set -- "$here"/cases/*.sh
fi
passed=0
failed=0
for case in "$@"; do
  tmp=$(mktemp -d)
  mkdir -p "$tmp/home"
  "$bin" sim "$case" > "$tmp/sim.txt" 2>&1
  # Real bash: after each input, a marker line (keeping $? for the next input).
  : > "$tmp/input.sh"
  while IFS= read -r line || [ -n "$line" ]; do
    printf '%s\n' "$line" >> "$tmp/input.sh"
    printf '__s=$?; printf "\\001\\n"; (exit $__s)\n' >> "$tmp/input.sh"
  done < "$case"
  (cd "$tmp/home" && env -i HOME="$tmp/home" PATH=/usr/bin:/bin USER=root SHELL=/bin/bash LANG=C.UTF-8 TERM=dumb PS1= PS2= \
    bash --norc --noprofile --noediting -i < "$tmp/input.sh" > "$tmp/raw.txt" 2>&1)
  mapfile -t inputs < "$case"
  {
    i=0
    printf '$ %s\n' "${inputs[0]}"
    while IFS= read -r out || [ -n "$out" ]; do
      case "$out" in
        "bash: cannot set terminal process group"* | "bash: no job control in this shell") continue ;;
      esac
      if [[ $out == *$'\001' ]]; then
        printf '%s' "${out%$'\001'}"
        i=$((i + 1))
        if [ "$i" -lt "${#inputs[@]}" ]; then
          printf '$ %s\n' "${inputs[$i]}"
        else
          break
        fi
      else
        printf '%s\n' "$out"
      fi
    done < "$tmp/raw.txt"
  } | sed "s#$tmp/home#/root#g" > "$tmp/bash.txt"
  if diff -u --label "bash: $(basename "$case")" --label "kueue-lab sim: $(basename "$case")" "$tmp/bash.txt" "$tmp/sim.txt"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  rm -rf "$tmp"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
