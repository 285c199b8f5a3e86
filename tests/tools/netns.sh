# Multi-host jobs on one machine (sourced by run_job.sh): N network namespaces, each a "host"
# with its own address, joined by veth pairs to a bridge in this namespace, where gexrun runs.
#   netns_up N    -> NETNS_HOSTS (comma-separated namespace names), NETNS_ADDR (gexrun's address)
#   netns_down    -> removes all of it (run from the caller's EXIT trap, also after a failure)
# Needs root and iproute2; netns_up returns 77 (CTest's skip code) with a message otherwise.
# Concurrent tests each take a free /24 (a lock directory per slot) and names tagged by pid.
NETNS_TAG="gx$$"
NETNS_SLOT=""
NETNS_HOSTS=""
NETNS_ADDR=""
NETNS_NAMES=()

netns_up() {
  local n=$1 i slot
  if [ "$(id -u)" != 0 ]; then echo "SKIP: multi-host namespaces need root" >&2; return 77; fi
  if ! command -v ip >/dev/null; then echo "SKIP: no ip command (iproute2)" >&2; return 77; fi
  for slot in $(seq 1 250); do
    if mkdir "/tmp/gex-netns-slot-$slot" 2>/dev/null; then NETNS_SLOT=$slot; break; fi
  done
  [ -n "$NETNS_SLOT" ] || { echo "netns: no free address slot in /tmp/gex-netns-slot-*" >&2; return 1; }
  local net="10.213.$NETNS_SLOT"
  if ! ip link add "${NETNS_TAG}br" type bridge 2>/dev/null; then
    echo "SKIP: cannot create network devices here (ip link add ... type bridge failed)" >&2
    rmdir "/tmp/gex-netns-slot-$NETNS_SLOT"; NETNS_SLOT=""; return 77
  fi
  ip addr add "$net.1/24" dev "${NETNS_TAG}br" && ip link set "${NETNS_TAG}br" up || return 1
  for i in $(seq 1 "$n"); do
    local ns="${NETNS_TAG}h$i"
    ip netns add "$ns" || return 1
    NETNS_NAMES+=("$ns")
    ip link add "${NETNS_TAG}v$i" type veth peer name "${NETNS_TAG}p$i" || return 1
    ip link set "${NETNS_TAG}p$i" netns "$ns" || return 1
    ip link set "${NETNS_TAG}v$i" master "${NETNS_TAG}br" && ip link set "${NETNS_TAG}v$i" up || return 1
    ip -n "$ns" addr add "$net.$((10 + i))/24" dev "${NETNS_TAG}p$i" || return 1
    ip -n "$ns" link set "${NETNS_TAG}p$i" up && ip -n "$ns" link set lo up || return 1
    ip -n "$ns" route add default via "$net.1" 2>/dev/null
    NETNS_HOSTS="${NETNS_HOSTS:+$NETNS_HOSTS,}$ns"
  done
  NETNS_ADDR="$net.1"
  # Bridged traffic must not meet a host firewall that drops forwarded packets (Docker's).
  [ -w /proc/sys/net/bridge/bridge-nf-call-iptables ] && echo 0 >/proc/sys/net/bridge/bridge-nf-call-iptables
  return 0
}

netns_down() {
  local ns p
  for ns in "${NETNS_NAMES[@]}"; do
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done
    ip netns del "$ns" 2>/dev/null
  done
  ip link del "${NETNS_TAG}br" 2>/dev/null
  [ -n "$NETNS_SLOT" ] && rmdir "/tmp/gex-netns-slot-$NETNS_SLOT" 2>/dev/null
  NETNS_NAMES=()
  return 0
}
