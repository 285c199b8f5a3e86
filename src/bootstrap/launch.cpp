#include "bootstrap/launch.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include "bootstrap/bootstrap.h"
#include "bootstrap/env_values.h"

namespace gex::bootstrap {

sigset_t monitor_signal_set() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  return set;
}

pid_t fork_rank(const sigset_t &child_mask) {
  const pid_t monitor = getpid();
  const pid_t pid = fork();
  if (pid != 0) return pid;
  sigprocmask(SIG_SETMASK, &child_mask, nullptr);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The monitor may have died between fork() and prctl(); then no signal will ever come.
  if (getppid() != monitor) _exit(128 + SIGKILL);
  return 0;
}

std::string job_id_from_env_or_pid() {
  if (const char *from_env = env_or_null("GEX_JOB_ID"))
    return validate_job_id("GEX_JOB_ID", from_env);
  // The clock part keeps a reused pid from meeting objects a crashed job left behind.
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  const unsigned long stamp = static_cast<unsigned long>(now.tv_sec * 1000 + now.tv_nsec / 1000000);
  char id[40];
  snprintf(id, sizeof id, "p%dt%lx", static_cast<int>(getpid()), stamp & 0xffffffUL);
  return id;
}

std::string control_block_name(const std::string &job_id) { return "/gex-" + job_id + "-ctl"; }

int remove_job_shm_objects(const std::string &job_id) {
  const std::string prefix = "gex-" + job_id + "-";
  DIR *dir = opendir("/dev/shm");
  if (!dir) return 0;
  int removed = 0;
  while (dirent *entry = readdir(dir)) {
    if (std::strncmp(entry->d_name, prefix.c_str(), prefix.size()) != 0) continue;
    if (shm_unlink((std::string("/") + entry->d_name).c_str()) == 0) ++removed;
  }
  closedir(dir);
  return removed;
}

namespace {
// The launcher's pid in a name "gex-p<pid>t<hex>-...", or 0 when the name has another form.
pid_t launcher_pid_of(const char *name) {
  if (std::strncmp(name, "gex-p", 5) != 0) return 0;
  const char *p = name + 5;
  long pid = 0;
  while (*p >= '0' && *p <= '9' && pid < (1L << 30)) pid = pid * 10 + (*p++ - '0');
  if (p == name + 5 || *p++ != 't') return 0;
  const char *hex = p;
  while ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')) ++p;
  if (p == hex || *p != '-') return 0;  // "...t<hex>h<host>-" is a multi-host job's: not ours
  return pid_t(pid);
}
}  // namespace

int remove_stale_job_shm_objects() {
  DIR *dir = opendir("/dev/shm");
  if (!dir) return 0;
  int removed = 0;
  const uid_t me = geteuid();
  while (dirent *entry = readdir(dir)) {
    const pid_t pid = launcher_pid_of(entry->d_name);
    if (pid <= 0 || pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH) continue;
    struct stat st{};
    if (fstatat(dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || st.st_uid != me) continue;
    if (shm_unlink((std::string("/") + entry->d_name).c_str()) == 0) ++removed;
  }
  closedir(dir);
  return removed;
}

std::string signal_description(int signal_number) {
  const char *text = strsignal(signal_number);
  return text ? text : "unknown signal";
}

}  // namespace gex::bootstrap
