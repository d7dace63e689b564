cd ~ && mkdir -p compat && cd compat
for n in b1 b2 b3; do echo "job $n"; done
for n in b1 b2 b3; do printf 'kind: Job\nname: %s\n' $n > $n.yaml; done; ls -1
for f in *.yaml; do echo "== $f"; cat $f; done
for i in 1 2 3; do if [ $i -eq 2 ]; then continue; fi; echo $i; done
for i in 1 2 3 4; do [ $i -gt 2 ] && break; echo $i; done
for i in a b; do for j in 1 2; do [ $j = 2 ] && continue 2; echo $i$j; done; done
i=0; while [ $i -lt 3 ]; do echo "i=$i"; i=$((i+1)); done
n=3; until [ $n -eq 0 ]; do echo $n; n=$((n-1)); done; echo liftoff
if true; then echo yes; else echo no; fi
if false; then echo one; elif [ -d . ]; then echo two; else echo three; fi
if ! grep -q x b1.yaml; then echo "no x"; fi
x=b2; case $x in b1) echo first;; b2|b3) echo later;; *) echo other;; esac
case hello.yaml in *.json) echo json;; *.yaml) echo yaml;; esac
case z in a) echo a;; esac; echo "status $?"
case abc in a*) echo A;& b*) echo B;; c*) echo C;; esac
{ echo one; echo two; } | wc -l
(cd /; pwd); pwd
for ((i=0; i<3; i++)); do echo "c-style $i"; done
((n = 2 + 3)); echo $n; ((n > 4)) && echo big
while read name rest; do echo "name=$name rest=$rest"; done < b1.yaml
printf 'a 1\nb 2\nc 3\n' | while read k v; do echo "$v:$k"; done
count=0; for f in b*.yaml; do count=$((count+1)); done; echo $count
for x in; do echo never; done; echo after-empty
set -- p q r; for a; do echo "arg $a"; done; echo $# "$@"
true && { echo and; false; } || echo or
! true; echo $?
[[ -f b1.yaml && b1.yaml == *.yaml ]] && echo match
[[ abc < abd ]] && echo less
[[ 2 -lt 10 ]]; echo $?
[ 2 -lt 10 ]; echo $?
[ a = b ] || echo differ
test -z "" && echo empty
[ a b ]; echo $?
[ 1 -eq x ]; echo $?
