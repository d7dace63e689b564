cd ~ && mkdir -p compat && cd compat
printf 'alice 30 dev\nbob 25 ops\ncarol 35 dev\n' > people.txt
awk '{print $1}' people.txt
awk '{print NR": "$1, NF, $NF}' people.txt
awk '$3 == "dev" {print $1}' people.txt
awk '$2 > 28' people.txt
awk '/bob/' people.txt
awk '!/bob/ {n++} END {print n}' people.txt
awk '{s += $2} END {print "total", s, "avg", s/NR}' people.txt
awk 'BEGIN {printf "%-6s|%5.1f|%03d|%x|%s\n", "ab", 3.14159, 7, 255, "z"}'
awk -F: '{print $1, $3}' <<< 'a:b:c'
echo 'a,b;c' | awk -F'[,;]' '{print $2, NF}'
awk -v name=kueue 'BEGIN {print "hello " name}'
awk '{count[$3]++} END {for (k in count) print k, count[k]}' people.txt | sort
awk '{ $2 = $2 + 1; print }' people.txt
awk 'BEGIN { OFS = "-" } { $1 = $1; print }' people.txt
awk 'NR == 2, NR == 3 { print NR }' people.txt
awk 'NR % 2 { next } { print "even", NR }' people.txt
awk 'function double(x) { return x * 2 } { print double($2) }' people.txt
awk 'BEGIN { n = split("a:b:c", parts, ":"); for (i = 1; i <= n; i++) print i, parts[i] }'
awk 'BEGIN { s = "hello world"; gsub(/o/, "0", s); print s; print toupper(substr(s, 1, 5)), length(s), index(s, "w") }'
awk 'BEGIN { if (match("kueue-lab", /-[a-z]+/)) print RSTART, RLENGTH }'
awk 'BEGIN { print 1e6, 0.1 + 0.2, 100000000, 2^53, 3/2, int(-3.7), 10 % 3 }'
awk 'BEGIN { x = "3x"; print x + 0, ("10" < "9"), (10 < 9) }'
echo '10 9' | awk '{ print ($1 < $2) }'
awk 'BEGIN { while (i < 3) { i++; if (i == 2) continue; print i } }'
awk 'BEGIN { do { k++ } while (k < 5); print k }'
awk 'BEGIN { a["x"] = 1; delete a["x"]; print ("x" in a), length(a) }'
awk 'BEGIN { printf "%s %s\n", "only-one" }'; echo "status $?"
awk '{print $1' people.txt; echo "status $?"
awk 'BEGIN { print 1 +* 2 }'; echo "status $?"
awk '{print}' missing.txt; echo "status $?"
awk -x 2>&1 | head -1
awk 'END { print NR, $0 }' people.txt
awk 'BEGIN { exit 3 } END { print "end still runs" }'; echo "status $?"
awk 'BEGIN { print length() }'
echo '  lead  space ' | awk '{ print "[" $1 "]", NF }'
awk 'BEGIN { printf "%c%c%c\n", 75, "ueue", 33 }'
awk 'BEGIN { print substr("hello", 0), substr("hello", -1, 3), substr("hello", 2) }'
awk '{ print > "out-" $3 ".txt" } END { close("out-dev.txt") }' people.txt; cat out-dev.txt out-ops.txt
printf 'k=v\nx=y\n' | awk -F= '{ printf "%s is %s\n", $1, $2 }'
awk 'BEGIN { CONVFMT = "%.2g"; x = 3.14159; y = x ""; print y; OFMT = "%.1f"; print 2.71828 }'
