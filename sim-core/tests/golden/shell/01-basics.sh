pwd
cd gsb-kueue
pwd
echo hello world
echo -n no-newline; echo
echo -e 'tab\there\nnext'
echo -ne 'a\tb\n'
printf '%s is %d years\n' kueue 3
printf '%-8s|%5.2f|%03d\n' name 3.14159 7
printf '%s\n' one two three
X=value
echo "$X" '$X' \$X ${X}s
echo "quoted   spaces" unquoted   spaces
Y="a   b"; echo $Y; echo "$Y"
echo $(echo inner) `echo backtick` "$(echo a; echo b)"
echo ~ ~/gsb-kueue
true; echo $?
false; echo $?
! false; echo $?
true && echo and-ran
false && echo never
false || echo or-ran
true || echo never; echo after
echo a; echo b
# a comment line
echo not # a comment
