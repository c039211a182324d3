cd .carry/h
for r in 1 2; do echo "=== round $r"; while read -r line; do $line; done < list.txt; done
