#!/bin/sh
# An rsh for Open MPI's mpirun in the multi-host tests (--mca plm_rsh_agent): "host" is the name
# of a network namespace of this machine (tests/tools/netns.sh); the command runs inside it.
host=$1
shift
exec ip netns exec "$host" /bin/sh -c "$*"
