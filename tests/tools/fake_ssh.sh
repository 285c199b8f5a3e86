#!/bin/sh
# Stands in for ssh in the tests of gexrun's ssh spawner (GASNET_SSH_CMD): checks that gexrun
# calls it as `ssh -n -o BatchMode=yes ... HOST COMMAND`, then runs COMMAND on this machine as
# sshd would (through a shell), so the job's "hosts" are all this machine.
[ "$1" = -n ] || { echo "fake_ssh: expected -n first, got: $*" >&2; exit 255; }
case " $* " in *" BatchMode=yes "*) ;; *) echo "fake_ssh: no BatchMode=yes in: $*" >&2; exit 255 ;; esac
host="" command=""
for arg; do host=$command; command=$arg; done
case "$host" in fake-*) ;; *) echo "fake_ssh: unexpected host '$host'" >&2; exit 255 ;; esac
exec /bin/sh -c "$command"
