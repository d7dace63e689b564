date
sleep 30
date
sleep 1m
date +%s
echo one
echo two
history
history 2
history -c
history
whoami
