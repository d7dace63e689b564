cd ~ && mkdir -p compat && cd compat
greet() { echo "hello $1 ($#)"; }
greet world; greet a b c
add() { local s=0; for n in "$@"; do s=$((s + n)); done; echo $s; }
add 1 2 3 4; echo "s is '$s'"
f() { return 3; }; f; echo "f returned $?"
g() { echo in-g; return; echo never; }; g
counter=0; bump() { counter=$((counter+1)); }; bump; bump; echo $counter
outer() { inner() { echo inner; }; inner; }; outer; inner
function named { echo "named $1"; }; named x
X=hello; echo ${X:-default} ${UNSET:-default} ${#X}
echo ${UNSET-dash} ${EMPTY:-colon}; EMPTY=; echo "[${EMPTY-set}] [${EMPTY:-null}]"
echo ${NEW:=assigned}; echo $NEW
echo ${X:+alt} [${UNSET:+alt}]
P=/root/gsb-kueue/job.yaml; echo ${P##*/} ${P%/*} ${P#*/} ${P%%.*}
V=a-b-c; echo ${V/-/+} ${V//-/+} ${V/#a/A} ${V/%c/C}
S=kueue; echo ${S:1} ${S:1:3} ${S: -2} ${S^^} ${S^}
U=LOUD; echo ${U,,}
echo $((7 / 2)) $((7 % 3)) $((2 ** 10)) $((0x10 + 010)) $(( (1+2) * 3 ))
a=5; echo $((a * 2)) $((a++)) $a $((++a)) $((a > 3 ? 100 : 200))
echo $((1/0)); echo after
echo $((1 +)); echo next
name=world; echo "hi ${name}!" 'no $name' "$(echo nested $(echo deep))"
echo "`echo back` ticks"
out=$(printf 'a\nb\n\n'); echo "[$out]"
v=$(false); echo $?
export EXPORTED=yes; bash -c 'echo "child sees: $EXPORTED"'
LOCAL_ONLY=no; bash -c 'echo "child sees: [$LOCAL_ONLY]"'
INLINE=temp bash -c 'echo "inline: $INLINE"'; echo "after: [$INLINE]"
unset X; echo "[$X]"
words="one two  three"; for w in $words; do echo "<$w>"; done; for w in "$words"; do echo "<$w>"; done
IFS=: ; parts="a:b:c"; for p in $parts; do echo $p; done; unset IFS
set -- "a b" c; for a in "$@"; do echo "[$a]"; done; for a in $@; do echo "{$a}"; done
echo "$*" $#
echo ${UNSET:?is required}; echo not-reached
echo still here
eval 'echo evaluated $((40 + 2))'
cmd="echo from-var"; $cmd
printf '%s\n' "x=$((3*3))"
echo $'tab\there' $'line\\n'
type greet | head -1; type cd; type ls; type nosuch
