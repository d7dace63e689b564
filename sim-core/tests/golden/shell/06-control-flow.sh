cd gsb-kueue
for n in b1 b2 b3; do echo "apply $n.yaml"; done
for n in b1 b2 b3
do
  printf 'name: %s\n' $n > $n.yaml
done
ls
for f in *.yaml; do echo "== $f: $(cat $f)"; done
i=0; while [ $i -lt 3 ]; do echo "i=$i"; i=$((i + 1)); done
n=3; until [ $n -eq 0 ]; do echo -n "$n "; n=$((n - 1)); done; echo liftoff
for i in 1 2 3 4 5; do [ $i -eq 2 ] && continue; [ $i -eq 4 ] && break; echo $i; done
for ((i = 0; i < 3; i++)); do echo "c-style $i"; done
if [ -f b1.yaml ]; then echo exists; elif [ -d b1.yaml ]; then echo dir; else echo none; fi
if grep -q b2 b2.yaml
then
  echo "found b2"
fi
case b2.yaml in
  *.json) echo json ;;
  b1*|b2*) echo "b1 or b2" ;;
  *) echo other ;;
esac
[[ $HOME == /ro* && -n $HOME ]] && echo "home matches"
((3 > 2)) && echo "arithmetic true"
echo $((2 ** 10)) $((7 / 2)) $((7 % 3)) $((0x1f)) $(( (1 + 2) * 3 ))
x=5; echo $((x++)) $x $((++x)) $((x > 5 ? 1 : 0))
{ echo one; echo two; } | wc -l
(cd /; pwd); pwd
printf 'a 1\nb 2\n' | while read k v; do echo "$k=$v"; done
while read -r line; do echo "line: $line"; done < b1.yaml
greet() {
  local who=${1:-world}
  echo "hello $who ($# args)"
  return 3
}
greet; echo "status $?"
greet kueue lab
who=outer; greet x >/dev/null; echo "who is still $who"
f=job-1.yaml; echo ${f%.yaml} ${f#job-} ${#f} ${f/job/Job} ${f^^} ${UNSET:-fallback} ${UNSET:+never}
echo ${NEW:=assigned} $NEW
set -- a "b c" d; echo $#; for a in "$@"; do echo "[$a]"; done
echo "$(echo nested $(echo twice))" `echo back`
v=$(false); echo "status of the substitution: $?"
true && echo and || echo or; false && echo and || echo or
! grep -q zzz b1.yaml && echo "no zzz"
