#!/bin/sh
# The whole suite: the unit and API layers on one worker beside the browser layer. Vitest runs a project whose files go
# one at a time (e2e) after every other project, and the browser layer mostly waits (a run here: 20 min, 9 min of CPU),
# so the two layers side by side end when the browser layer does. Exits non-zero if either fails.
npx vitest run --project unit --project api --maxWorkers=1 --passWithNoTests "$@" &
layers=$!
npx vitest run --project e2e --passWithNoTests "$@"
browser=$?
wait "$layers"
layers=$?
[ "$browser" -eq 0 ] && [ "$layers" -eq 0 ]
