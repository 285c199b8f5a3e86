// The exit coordinator (exit.h). The bootstrap records the job's code and deadline and tells
// when every rank has announced; this file decides when this process may poll while it waits
// and installs the process-exit and signal hooks.
#include "runtime/exit.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bootstrap/bootstrap.h"
#include "runtime/runtime.h"

namespace gex::runtime {
namespace {

thread_local bool t_in_exit = false;  // this thread is inside exit_job already
std::atomic<bool> g_exiting{false};    // some thread of this process is inside exit_job

// Inside a signal handler the interrupted code may hold a ring, a lock or a half-written
// record: polling there could deliver a message twice or write over one. A handler runs with
// its own signal blocked (signal() and sigaction() without SA_NODEFER), so a blocked
// termination signal says "signal context"; then the exiting rank waits without polling.
bool in_signal_context() {
  sigset_t blocked;
  if (pthread_sigmask(SIG_BLOCK, nullptr, &blocked) != 0) return true;
  for (int sig : {SIGQUIT, SIGINT, SIGTERM, SIGHUP, SIGALRM, SIGUSR1, SIGUSR2})
    if (sigismember(&blocked, sig)) return true;
  return false;
}

bool may_poll_while_exiting() {
  const ThreadState &t = t_thread;
  return g_rt.services_started && !t.restricted() && !in_signal_context();
}

void short_nap() {
  const timespec nap{0, 200 * 1000};
  nanosleep(&nap, nullptr);
}

// ---- signals ---------------------------------------------------------------------------------

void quit_handler(int) { exit_job(1); }  // a remote exit already recorded the job's code

// SIGINT, SIGTERM, SIGHUP: as in GASNet, said once and turned into SIGQUIT, so that the
// client's SIGQUIT handler (if any) decides; a second one while that runs leaves at once.
void translate_to_quit(int sig) {
  static std::atomic<bool> raised{false};
  if (raised.exchange(true)) bootstrap::finish_exit(128 + sig);
  if (!bootstrap::job_ending()) {
    char line[160];
    const int n = std::snprintf(line, sizeof line, "libgex rank %u (host %s): caught signal %d (%s); ending the job\n",
                                unsigned(g_rt.rank), bootstrap::host_name().c_str(), sig, strsignal(sig));
    if (n > 0) (void)!write(STDERR_FILENO, line, size_t(n) < sizeof line ? size_t(n) : sizeof line - 1);
  }
  raise(SIGQUIT);
}

// GASNET_NO_CATCH_SIGNAL: "*" (catch nothing) or a list of signal names ("SIGINT", "INT") or
// numbers separated by spaces or commas.
bool catch_signal(const char *no_catch, int sig) {
  if (!no_catch) return true;
  if (std::strcmp(no_catch, "*") == 0) return false;
  std::string list(no_catch);
  for (char &c : list)
    if (c == ',') c = ' ';
  size_t pos = 0;
  while (pos < list.size()) {
    while (pos < list.size() && list[pos] == ' ') ++pos;
    size_t end = list.find(' ', pos);
    if (end == std::string::npos) end = list.size();
    std::string word = list.substr(pos, end - pos);
    pos = end;
    if (word.empty()) continue;
    if (std::isdigit(static_cast<unsigned char>(word[0]))) {
      if (std::atoi(word.c_str()) == sig) return false;
      continue;
    }
    for (char &c : word) c = char(std::toupper(static_cast<unsigned char>(c)));
    if (word.rfind("SIG", 0) == 0) word = word.substr(3);
    const char *name = sigabbrev_np(sig);
    if (name && word == name) return false;
  }
  return true;
}

void install(int sig, void (*handler)(int)) {
  struct sigaction sa{};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(sig, &sa, nullptr);
}

pid_t g_rank_pid = 0;  // a child the client forks inherits the hook; only the rank coordinates
void on_process_exit(int status, void *) {
  if (getpid() == g_rank_pid) exit_job(status);
}

}  // namespace

[[noreturn]] void exit_job(int code) {
  if (t_in_exit) bootstrap::finish_exit(code);  // a handler or signal inside our own exit wait
  t_in_exit = true;
  bootstrap::announce_exit(code);
  if (g_exiting.exchange(true)) {
    // Another thread leads this process's exit and will end it; this one never returns.
    for (;;) pause();
  }
  const bool poll = may_poll_while_exiting();
  // Serve the others until they have all announced (or the deadline): a peer that is still
  // inside a barrier or waiting for a reply from us finishes, and its output is all there.
  while (!bootstrap::exit_wait_over()) {
    if (poll) {
      if (poll_all() == 0) sched_yield();
    } else {
      short_nap();
    }
  }
  bootstrap::finish_exit(code);
}

void install_exit_handling() {
  g_rank_pid = getpid();
  on_exit(on_process_exit, nullptr);
  const char *no_catch = std::getenv("GASNET_NO_CATCH_SIGNAL");
  if (catch_signal(no_catch, SIGQUIT)) {
    install(SIGQUIT, quit_handler);
    bootstrap::set_catches_sigquit();
  }
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    if (catch_signal(no_catch, sig)) install(sig, translate_to_quit);
}

}  // namespace gex::runtime
