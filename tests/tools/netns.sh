# Multi-host jobs on one machine (sourced by run_job.sh): N network namespaces, each a "host"
# with its own address, joined by veth pairs to a bridge in this namespace, where gexrun runs.
#   netns_up N    -> NETNS_HOSTS (comma-separated namespace names), NETNS_ADDR (gexrun's address)
#   netns_sshd_up -> an sshd in every namespace, reachable as root with a key of this test only:
#                    NETNS_SSH_HOSTS (the namespaces' addresses), NETNS_SSH_OPTIONS (for ssh)
#   netns_down    -> removes all of it (run from the caller's EXIT trap, also after a failure)
# Needs root and iproute2; netns_up returns 77 (CTest's skip code) with a message otherwise.
# Concurrent tests each take a free /24 (a lock directory per slot) and names tagged by pid.
NETNS_TAG="gx$$"
NETNS_SLOT=""
NETNS_HOSTS=""
NETNS_ADDR=""
NETNS_NAMES=()
NETNS_ADDRS=()
NETNS_SSH_HOSTS=""
NETNS_SSH_OPTIONS=""
NETNS_SSH_DIR=""

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
    NETNS_ADDRS+=("$net.$((10 + i))")
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

netns_sshd_up() {
  local sshd i
  sshd=$(command -v sshd || echo /usr/sbin/sshd)
  if [ ! -x "$sshd" ] || ! command -v ssh-keygen >/dev/null || ! command -v ssh >/dev/null; then
    echo "SKIP: no sshd/ssh (openssh-server, openssh-client)" >&2; return 77
  fi
  NETNS_SSH_DIR=$(mktemp -d /tmp/gex-netns-ssh.XXXXXX)
  ssh-keygen -q -t ed25519 -N '' -f "$NETNS_SSH_DIR/hostkey" || return 1
  ssh-keygen -q -t ed25519 -N '' -f "$NETNS_SSH_DIR/idkey" || return 1
  cp "$NETNS_SSH_DIR/idkey.pub" "$NETNS_SSH_DIR/authorized_keys"
  chmod 700 "$NETNS_SSH_DIR"
  mkdir -p /run/sshd
  for i in "${!NETNS_NAMES[@]}"; do
    cat >"$NETNS_SSH_DIR/sshd_config.$i" <<CONFIG
ListenAddress ${NETNS_ADDRS[$i]}
HostKey $NETNS_SSH_DIR/hostkey
AuthorizedKeysFile $NETNS_SSH_DIR/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile $NETNS_SSH_DIR/sshd.$i.pid
CONFIG
    ip netns exec "${NETNS_NAMES[$i]}" "$sshd" -f "$NETNS_SSH_DIR/sshd_config.$i" -E "$NETNS_SSH_DIR/sshd.$i.log" || {
      echo "netns: sshd did not start in ${NETNS_NAMES[$i]}: $(cat "$NETNS_SSH_DIR/sshd.$i.log")" >&2; return 1; }
    NETNS_SSH_HOSTS="${NETNS_SSH_HOSTS:+$NETNS_SSH_HOSTS,}${NETNS_ADDRS[$i]}"
  done
  # sshd may return before it listens (a first ssh was refused once): wait up to 10 s for each.
  local tries
  for i in "${!NETNS_NAMES[@]}"; do
    for tries in $(seq 1 100); do
      timeout 1 bash -c "exec 3<>/dev/tcp/${NETNS_ADDRS[$i]}/22" 2>/dev/null && break
      sleep 0.1
    done
  done
  NETNS_SSH_OPTIONS="-i $NETNS_SSH_DIR/idkey -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
  return 0
}

netns_down() {
  local ns p
  for ns in "${NETNS_NAMES[@]}"; do
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done
    ip netns del "$ns" 2>/dev/null
    rm -rf "/tmp/gex-ompi-$ns"
  done
  ip link del "${NETNS_TAG}br" 2>/dev/null
  [ -n "$NETNS_SLOT" ] && rmdir "/tmp/gex-netns-slot-$NETNS_SLOT" 2>/dev/null
  [ -n "$NETNS_SSH_DIR" ] && rm -rf "$NETNS_SSH_DIR"
  NETNS_NAMES=()
  return 0
}
