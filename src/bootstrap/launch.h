// Pieces shared by the two ways of starting ranks: gexrun (fork + exec) and the
// GASNET_PSHM_NODES path of join() (fork only).
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <string>

namespace gex::bootstrap {

// The signals the job monitor waits for (SIGCHLD, SIGINT, SIGTERM, SIGHUP). Block them before
// forking the ranks so that none arrives before the monitor is listening.
sigset_t monitor_signal_set();

// Forks one rank. In the child: restores `child_mask`, arranges a SIGKILL when the monitor dies
// (PR_SET_PDEATHSIG), and returns 0. In the parent: returns the child's pid, or -1 (errno set).
pid_t fork_rank(const sigset_t &child_mask);

// The job id: GEX_JOB_ID when set (validated, throws std::invalid_argument), otherwise one
// derived from this process's pid and the clock.
std::string job_id_from_env_or_pid();

// "/gex-<job_id>-ctl": the name of gexrun's job control block.
std::string control_block_name(const std::string &job_id);

// Removes every /dev/shm/gex-<job_id>-* object. Returns how many it removed.
int remove_job_shm_objects(const std::string &job_id);

// Removes the objects of jobs whose launcher is gone: a launcher killed with SIGKILL (a test
// harness's time limit, kill -9) cannot remove its job's objects, and its ranks die with it
// (PR_SET_PDEATHSIG), so nobody does. Only names of the form job_id_from_env_or_pid() makes
// ("gex-p<pid>t<hex>-...", the launcher's pid), owned by this user, whose pid no longer runs
// here; never a name chosen with GEX_JOB_ID or one of a multi-host job (another host's pid).
// gexrun calls it as it starts. Returns how many it removed.
int remove_stale_job_shm_objects();

// "Killed", "Segmentation fault", ... (strsignal, or "unknown signal").
std::string signal_description(int signal_number);

}  // namespace gex::bootstrap
