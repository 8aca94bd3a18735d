# Sourced by bin/ptotrace: pick_java prints the newest Java >= 17 to be found (a newer JVM starts and warms up
# faster; see the README). Candidates: JAVA_HOME, the java on the PATH and the JDKs installed beside it, and the
# usual install folders (PTOTRACE_JDK_ROOTS, space-separated globs of JDK homes, replaces that list). A JDK's
# version is read from its `release` file, so no JVM is started to find it.
java_feature() { # $1 = path of a java binary -> its feature version (17, 21, 25, ...), or nothing
  local bin home v
  bin="$(readlink -f "$1" 2>/dev/null)" || return 0
  [ -x "$bin" ] || return 0
  home="${bin%/bin/java}"
  if [ -f "$home/release" ]; then
    v="$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$home/release" | head -n1)"
    [ "$v" = 1 ] && v=8
  else
    v="$("$bin" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ { print $2 }')"
    v="${v%%.*}"
  fi
  printf '%s' "$v"
}
# The usual install folders' JDK homes, as globs (PTOTRACE_JDK_ROOTS, space-separated, replaces the list).
jdk_roots="${PTOTRACE_JDK_ROOTS-/usr/lib/jvm/* /usr/java/* /opt/java/* /opt/*jdk* $HOME/.sdkman/candidates/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home}"
pick_java() {
  local best="" best_v=0 c v path_java
  local candidates=()
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME/bin/java")
  path_java="$(command -v java 2>/dev/null || true)"
  if [ -n "$path_java" ]; then
    candidates+=("$path_java")
    path_java="$(readlink -f "$path_java" 2>/dev/null || echo "$path_java")"
    candidates+=("${path_java%/*/bin/java}"/*/bin/java) # the JDKs beside it, e.g. /usr/lib/jvm/*
  fi
  for c in $jdk_roots; do candidates+=("$c/bin/java"); done
  for c in "${candidates[@]}"; do
    [ -x "$c" ] || continue
    v="$(java_feature "$c")"
    [[ "$v" =~ ^[0-9]+$ ]] || continue
    if [ "$v" -ge 17 ] && [ "$v" -gt "$best_v" ]; then best="$c"; best_v="$v"; fi
  done
  printf '%s' "${best:-java}"
}
