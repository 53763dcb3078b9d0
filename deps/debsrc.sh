# Sourced by deps/*.sh: fetch one file of a Debian source package, pinned by
# version and checked by sha256. The mirror is read from this machine's apt
# sources (no host name lives in the repository); apt runs with a private
# state directory under OUT so the system's apt state is never touched.
#   debsrc_fetch OUT PACKAGE VERSION FILE SHA256 WHAT
# Leaves OUT/FILE in place (cached: an existing file is only re-checked).
# Only the tarballs are fetched (--tar-only): the pinned checksum is the check.
die() { echo "weft: $*" >&2; exit 1; }

debsrc_fetch() {
  local out=$1 pkg=$2 ver=$3 file=$4 sha=$5 what=$6
  if [ ! -f "$out/$file" ]; then
    local mirror="" f m
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] || continue
      m=$(awk '/^URIs:/{print $2}' "$f" | grep -v -- '-security' | head -1 || true)
      [ -n "$m" ] && { mirror=$m; break; }
    done
    if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
      mirror=$(awk '$1=="deb"{for(i=2;i<=NF;i++) if($i ~ /^[a-z]+:\/\//){print $i; exit}}' /etc/apt/sources.list | grep -v -- '-security' | head -1 || true)
    fi
    [ -n "$mirror" ] || die "cannot find a Debian mirror in /etc/apt/sources.list{,.d} to fetch $what from"
    command -v apt-get >/dev/null || die "apt-get not found: $what comes from Debian's $pkg source package"
    local a="$out/apt"
    mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/etc/sources.list.d" "$a/etc/preferences.d"
    echo "deb-src [trusted=yes] $mirror trixie main" > "$a/etc/sources.list"
    local opts=(-o "Dir::Etc::sourcelist=$a/etc/sources.list" -o "Dir::Etc::sourceparts=$a/etc/sources.list.d"
          -o "Dir::State::lists=$a/lists" -o "Dir::Cache=$a/cache"
          -o "Dir::Etc::preferencesparts=$a/etc/preferences.d" -o APT::Get::AllowUnauthenticated=true
          -o Acquire::AllowInsecureRepositories=true -o APT::Sandbox::User=root)
    apt-get -qq "${opts[@]}" update >"$out/fetch.log" 2>&1 \
      || die "could not reach the Debian mirror to fetch $what (offline?); see $out/fetch.log"
    (cd "$out" && apt-get -qq "${opts[@]}" source --download-only --tar-only "$pkg=$ver" >>"$out/fetch.log" 2>&1) \
      || die "could not download Debian source package $pkg=$ver; see $out/fetch.log"
  fi
  echo "$sha  $out/$file" | sha256sum -c --quiet - || die "checksum mismatch for $out/$file"
}
