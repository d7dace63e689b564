cd ~ && mkdir -p compat && cd compat
true | false; echo "status $?"
false | true; echo "status $?"
echo a | grep -q b; echo "grep $?"
echo a | grep a | wc -l; echo "wc $?"
! echo x | grep -q y; echo "negated $?"
set -o pipefail; false | true; echo "pipefail $?"; set +o pipefail
cat nosuch 2>&1 | tr a-z A-Z; echo "after $?"
echo one two | { read a b; echo "$b $a"; }
printf '3\n1\n2\n' | sort | head -n 2 | tail -n 1
echo $(echo $(echo a $(echo b)) c)
echo "$(echo "inner \"quoted\" $(echo deeper)")"
echo `echo outer \`echo inner\``
x=`echo hi | tr a-z A-Z`; echo "$x"
n=$(echo 3); echo $((n * $(echo 4)))
for f in $(printf 'p\nq\n'); do echo "f=$f"; done
word=kueue; case $word in k*e) echo k-e;; *) echo other;; esac
case 7 in [0-9]) echo digit;; *) echo more;; esac
case ab in a?) echo two-chars;; esac
case x.YAML in *.[yY][aA][mM][lL]) echo any-case;; esac
case "" in "") echo empty;; *) echo nonempty;; esac
case foo in bar|baz) echo no;; f*|g*) echo yes;; esac
case 'a*b' in 'a*b') echo literal;; esac
case abc in $(echo a)*) echo from-subst;; esac
X=abc; case $X in *"b"*) echo has-b;; esac
name=lab; cat <<EOF
home is $HOME, name is $name
sum $((1 + 2)) and $(echo command)
EOF
cat <<'EOF'
no $expansion here $(echo x) `echo y`
EOF
cat <<"EOF"
double-quoted $delimiter
EOF
cat <<-EOF
	tab stripped $name
		twice
	EOF
cat <<EOF | grep -c line
line one
line two
EOF
cat <<EOF > out.txt; cat out.txt
written \$name $name
EOF
tr a-z A-Z <<< "here string $name"
read -r first rest <<< "alpha beta gamma"; echo "$first|$rest"
f() { set -e; false; echo "not printed"; }; (f); echo "subshell status $?"
(set -e; echo before; false; echo after); echo "status $?"
(set -e; false || echo recovered; echo went-on); echo "status $?"
(set -e; if false; then :; fi; echo if-ok); echo "status $?"
(set -e; false && echo no; echo and-ok); echo "status $?"
(set -e; g() { false; echo in-g; }; g; echo after-g); echo "status $?"
(set -e; x=$(false); echo "assign-subst $?"); echo "status $?"
(set -e; true | false; echo pipe-last); echo "status $?"
(exit 7); echo "exit status $?"
{ false; }; echo "group $?"
