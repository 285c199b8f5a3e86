#!/bin/sh
# An rsh for Open MPI's mpirun in the multi-host tests (--mca plm_rsh_agent): "host" is the name
# of a network namespace of this machine (tests/tools/netns.sh); the command runs inside it.
# Namespaces of one machine share /tmp and the host name, so each daemon gets a session folder
# of its own (two daemons in one folder crash at start-up).
host=$1
shift
mkdir -p "/tmp/gex-ompi-$host"
exec ip netns exec "$host" env OMPI_MCA_orte_tmpdir_base="/tmp/gex-ompi-$host" /bin/sh -c "$*"
