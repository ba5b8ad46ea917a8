c a path 1 -> 2 -> 3 and a shortcut 1 -> 3: player 1 moves to 3 and wins
p geography 3 3
s 1
a 1 2
a 2 3
a 1 3
