# Sourced by the bench scripts that time an earlier revision beside this tree.

# split_before ARGS...: sets `before` to the REV of `--before REV` (empty without it) and
# `arguments` to the other arguments, in order.
split_before() {
  before=""
  arguments=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --before) before=$2; shift 2 ;;
      *) arguments+=("$1"); shift ;;
    esac
  done
}

# before_worktree ROOT REV FOLDER BUILD...: checks REV out at FOLDER, a detached worktree of ROOT,
# unless it is there already, and runs the build command BUILD... in it (quietly).
before_worktree() {
  local root=$1 rev=$2 folder=$3
  shift 3
  if [ "$(git -C "$folder" rev-parse HEAD 2>/dev/null)" != "$(git -C "$root" rev-parse "$rev")" ]; then
    rm -rf "$folder"
    git -C "$root" worktree prune
    git -C "$root" worktree add --detach "$folder" "$rev" >/dev/null 2>&1
  fi
  (cd "$folder" && "$@" >/dev/null 2>&1)
}
