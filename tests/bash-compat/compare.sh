#!/usr/bin/env bash
# Runs each case (tests/bash-compat/cases/*.sh: one shell input per line — a here-document's
# lines go with the line that starts it —, no kubectl) twice —
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
  # The inputs: one a line, except that a line starting a here-document takes the lines up to
  # its delimiter with it (as the simulator reads them).
  inputs=()
  delim=
  while IFS= read -r line || [ -n "$line" ]; do
    if [ -n "$delim" ]; then
      inputs[-1]+=$'\n'"$line"
      body=$line
      [ "$strip" = - ] && body=${line#"${line%%[!$'\t']*}"}
      [ "$body" = "$delim" ] && delim=
      continue
    fi
    inputs+=("$line")
    if [[ $line =~ \<\<(-?)[[:space:]]*[\'\"]?([A-Za-z_][A-Za-z0-9_]*) ]] && [[ $line != *"<<<"* ]]; then
      strip=${BASH_REMATCH[1]}
      delim=${BASH_REMATCH[2]}
    fi
  done < "$case"
  # Real bash: after each input, a marker line (keeping $? for the next input).
  : > "$tmp/input.sh"
  for input in "${inputs[@]}"; do
    printf '%s\n' "$input" >> "$tmp/input.sh"
    printf '__s=$?; printf "\\001\\n"; (exit $__s)\n' >> "$tmp/input.sh"
  done
  (cd "$tmp/home" && env -i HOME="$tmp/home" PATH=/usr/bin:/bin USER=root SHELL=/bin/bash LANG=C.UTF-8 TERM=dumb PS1= PS2= \
    bash --norc --noprofile --noediting -i < "$tmp/input.sh" > "$tmp/raw.txt" 2>&1)
  # An input as the simulator echoes it: `$ ` before its first line, `> ` before the others.
  echo_input() {
    local first=1 l
    while IFS= read -r l; do
      if [ $first = 1 ]; then printf '$ %s\n' "$l"; first=0; else printf '> %s\n' "$l"; fi
    done <<< "$1"
  }
  {
    i=0
    echo_input "${inputs[0]}"
    while IFS= read -r out || [ -n "$out" ]; do
      case "$out" in
        "bash: cannot set terminal process group"* | "bash: no job control in this shell") continue ;;
      esac
      if [[ $out == *$'\001' ]]; then
        printf '%s' "${out%$'\001'}"
        i=$((i + 1))
        if [ "$i" -lt "${#inputs[@]}" ]; then
          echo_input "${inputs[$i]}"
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
