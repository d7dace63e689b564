watch -n 10 date
watch -n 5 -t 'echo tick; date +%S'
watch
watch -n x date
for i in 1 2; do watch -n 20 echo round $i; done
