cd ~ && mkdir -p compat && cd compat
printf '#!/bin/bash\necho "script $0 got $# args: $*"\nexit 3\n' > s.sh
bash s.sh a b; echo "status $?"
sh s.sh; echo $?
printf 'VALUE=from-file\nhelper() { echo helper-called; }\n' > lib.sh
source lib.sh; echo $VALUE; helper
. ./lib.sh && echo dotted
bash -c 'echo "c: $0 $1"' zero one
bash -c 'exit 7'; echo $?
(exit 4); echo $?
( echo sub; exit 2; echo never ); echo "sub status $?"
bash -c 'set -e; echo before; false; echo after'; echo "set -e status $?"
bash -c 'set -u; echo "$NOPE"'; echo $?
bash -c 'set -o pipefail; false | true'; echo "pipefail $?"
bash -c 'false | true'; echo "no pipefail $?"
bash -c 'set -x; a=1; echo $a' 2>&1
printf 'for i in 1 2; do\n  echo "loop $i"\ndone\nif [ -n "$1" ]; then echo "arg $1"; fi\n' > multi.sh; bash multi.sh X
printf 'echo one\nfi\n' > bad.sh; bash bad.sh
bash missing.sh; echo $?
f() { echo "f: $1"; }; export -f f 2>/dev/null; true
echo a | tee t1.txt | tr a b; cat t1.txt
echo hi > out.txt; echo err 1>&2; ls nope 2> err.txt; cat err.txt
{ echo o; echo e >&2; } > both.txt 2>&1; cat both.txt
echo x >> out.txt; cat out.txt; wc -l < out.txt
sed 's/^/> /' <<< "here $((1+1))"
read -r first < out.txt; echo "first=$first"
printf 'x y z\n' | { read a b; echo "$a|$b"; }
echo "abc" | { read; echo "REPLY=$REPLY"; }
printf 'one\ntwo' | while read l; do echo "got $l"; done
printf 'one\ntwo\n' > lines.txt; while read -r l; do echo "L:$l"; done < lines.txt
cat lines.txt | while read l; do echo "seen $l"; done
x=1; echo $x | read x; echo "x is still $x"
ls -1 *.sh; ls nomatch*; echo [a]b
echo ~ ~/x
cd /nonexistent; echo $?
