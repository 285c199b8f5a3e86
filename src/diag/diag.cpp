// Statistics, tracing and the crash backtrace (docs/diagnostics.md).
//
// Every thread that records gets its own ThreadLog (registered once, never freed), so recording
// takes no lock and shares no cache line: counters are relaxed atomics that only their owner
// writes, trace events go to fixed chunks published by a release store of the event count. The
// thread that ends the process (finish(), from an exit hook) reads every log while the others
// may still run: it sees each counter and each published event whole.
#include "diag/diag.h"

#include <gasnet_tools.h>  // gasnett_backtrace_type_t, gasnett_backtrace_user
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "bootstrap/env_values.h"
#include "runtime/env.h"
#include "runtime/internal_am.h"

namespace gex::diag {

uint32_t g_on = 0;

namespace {

constexpr size_t kOps = size_t(Op::kCount);

const char *const kOpNames[kOps] = {
    "rma.put.blocking",     "rma.put.nb",          "rma.put.nbi",
    "rma.get.blocking",     "rma.get.nb",          "rma.get.nbi",
    "am.send.request.short", "am.send.request.medium", "am.send.request.long",
    "am.send.reply.short",  "am.send.reply.medium", "am.send.reply.long",
    "am.send.immediate_noop", "am.send.internal",
    "am.handle.request.short", "am.handle.request.medium", "am.handle.request.long",
    "am.handle.reply.short", "am.handle.reply.medium", "am.handle.reply.long",
    "am.handle.internal",
    "wait.rma",
    "firehose.local.hit", "firehose.local.miss", "firehose.remote.hit", "firehose.remote.miss",
    "firehose.pin", "firehose.unpin", "firehose.move",
};
static_assert(sizeof kOpNames / sizeof kOpNames[0] == kOps);

const char *op_category(Op op) {
  if (op <= Op::GetNBI) return "rma";
  if (op <= Op::SendInternal) return "am.send";
  if (op <= Op::HandleInternal) return "am.handle";
  if (op <= Op::WaitRma) return "wait";
  return "firehose";
}

struct TraceEvent {
  uint64_t t0;
  uint64_t dur;
  uint64_t bytes;
  uint32_t peer;
  uint16_t handler;
  Op op;
};

constexpr size_t kChunkEvents = size_t(1) << 15;

struct ThreadLog {
  uint32_t tid = 0;  // 1 for the first thread that records, in registration order
  std::atomic<uint64_t> count[kOps] = {};
  std::atomic<uint64_t> bytes[kOps] = {};
  std::atomic<uint64_t> ns[kOps] = {};
  // Trace: chunk pointers are written before the event count that makes them visible.
  std::unique_ptr<TraceEvent *[]> chunks;
  size_t max_chunks = 0;
  std::atomic<uint64_t> events{0};
  std::atomic<uint64_t> dropped{0};
};

struct Config {
  bool stats = false;
  std::string stats_file;  // empty: stderr
  std::string trace_file;  // this rank's file (the pattern already expanded)
  uint64_t trace_max = 0;  // events per thread
  uint64_t start_ns = 0;
  uint32_t rank = 0, size = 1;
};
Config g_config;

std::mutex g_logs_mutex;
std::vector<ThreadLog *> g_logs;  // never freed: a thread's log outlives it until the dump
thread_local ThreadLog *t_log = nullptr;
std::atomic<bool> g_finished{false};

ThreadLog *register_thread() {
  auto *log = new ThreadLog;
  if (g_on & kTrace) {
    log->max_chunks = (g_config.trace_max + kChunkEvents - 1) / kChunkEvents;
    log->chunks.reset(new TraceEvent *[log->max_chunks]());
  }
  std::lock_guard<std::mutex> lock(g_logs_mutex);
  log->tid = uint32_t(g_logs.size() + 1);
  g_logs.push_back(log);
  t_log = log;
  return log;
}

inline void bump(std::atomic<uint64_t> &c, uint64_t by) {
  c.store(c.load(std::memory_order_relaxed) + by, std::memory_order_relaxed);  // one writer
}

// ---- output helpers ----------------------------------------------------------------------------

// One write() per line: lines of different ranks sharing a pipe never mix (they are shorter than
// PIPE_BUF).
void write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return;
    }
    p += w, n -= size_t(w);
  }
}

// "%" in a file name becomes the rank (as in GASNet's GASNET_STATSFILE).
std::string expand_rank(const std::string &pattern, uint32_t rank) {
  std::string out;
  for (char c : pattern) {
    if (c == '%') out += std::to_string(rank);
    else out += c;
  }
  return out;
}

std::string trace_file_for(const std::string &value, uint32_t rank) {
  if (value.find('%') != std::string::npos) return expand_rank(value, rank);
  std::string base = value;
  if (base.size() > 5 && base.compare(base.size() - 5, 5, ".json") == 0) base.resize(base.size() - 5);
  return base + "." + std::to_string(rank) + ".json";
}

void verbose_env(const char *name, const char *value) {
  const char *v = bootstrap::env_or_null("GASNET_VERBOSEENV");
  if (v && v[0] != '0' && g_config.rank == 0)
    std::fprintf(stderr, "ENV parameter: %s = %s%s\n", name, value ? value : "", value ? "" : "   (default: unset)");
}

void dump_stats() {
  int fd = 2;
  bool close_fd = false;
  if (!g_config.stats_file.empty()) {
    fd = ::open(g_config.stats_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
      std::fprintf(stderr, "libgex rank %u: cannot write statistics to '%s': %s\n", g_config.rank,
                   g_config.stats_file.c_str(), std::strerror(errno));
      return;
    }
    close_fd = true;
  }
  uint64_t count[kOps] = {}, bytes[kOps] = {}, ns[kOps] = {};
  size_t threads = 0;
  {
    std::lock_guard<std::mutex> lock(g_logs_mutex);
    threads = g_logs.size();
    for (ThreadLog *log : g_logs)
      for (size_t i = 0; i < kOps; ++i) {
        count[i] += log->count[i].load(std::memory_order_relaxed);
        bytes[i] += log->bytes[i].load(std::memory_order_relaxed);
        ns[i] += log->ns[i].load(std::memory_order_relaxed);
      }
  }
  char line[512];
  int n = std::snprintf(line, sizeof line, "libgex stats rank %u: job of %u ranks, %.6f s since gex_Client_Init, %zu threads recorded\n",
                        g_config.rank, g_config.size, double(now_ns() - g_config.start_ns) * 1e-9, threads);
  write_all(fd, line, size_t(n));
  for (size_t i = 0; i < kOps; ++i) {
    if (!count[i]) continue;
    n = std::snprintf(line, sizeof line, "libgex stats rank %u: %-24s count=%" PRIu64 " bytes=%" PRIu64 " time_us=%.3f\n",
                      g_config.rank, kOpNames[i], count[i], bytes[i], double(ns[i]) * 1e-3);
    write_all(fd, line, size_t(n));
  }
  n = std::snprintf(line, sizeof line, "libgex stats rank %u: end\n", g_config.rank);
  write_all(fd, line, size_t(n));
  if (close_fd) ::close(fd);
}

void dump_trace() {
  FILE *f = std::fopen(g_config.trace_file.c_str(), "w");
  if (!f) {
    std::fprintf(stderr, "libgex rank %u: cannot write the trace to '%s': %s\n", g_config.rank,
                 g_config.trace_file.c_str(), std::strerror(errno));
    return;
  }
  std::vector<ThreadLog *> logs;
  {
    std::lock_guard<std::mutex> lock(g_logs_mutex);
    logs = g_logs;
  }
  uint64_t dropped = 0;
  for (ThreadLog *log : logs) dropped += log->dropped.load(std::memory_order_relaxed);
  const unsigned rank = g_config.rank;
  std::fprintf(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"rank\":%u,\"size\":%u,\"dropped_events\":%" PRIu64
                  "},\n\"traceEvents\":[\n",
               rank, g_config.size, dropped);
  std::fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":0,\"args\":{\"name\":\"rank %u\"}},\n"
                  "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":%u,\"tid\":0,\"args\":{\"sort_index\":%u}}",
               rank, rank, rank, rank);
  for (ThreadLog *log : logs) {
    std::fprintf(f, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":\"thread %u\"}}",
                 rank, log->tid, log->tid);
    const uint64_t n = log->events.load(std::memory_order_acquire);
    for (uint64_t i = 0; i < n; ++i) {
      const TraceEvent &e = log->chunks[i / kChunkEvents][i % kChunkEvents];
      // Chrome trace times are microseconds; three decimals keep nanoseconds.
      std::fprintf(f, ",\n{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":%u,\"tid\":%u,\"ts\":%" PRIu64 ".%03u,"
                      "\"dur\":%" PRIu64 ".%03u,\"args\":{\"peer\":%u,\"bytes\":%" PRIu64,
                   kOpNames[size_t(e.op)], op_category(e.op), rank, log->tid, e.t0 / 1000, unsigned(e.t0 % 1000),
                   e.dur / 1000, unsigned(e.dur % 1000), e.peer, e.bytes);
      if (e.op >= Op::SendRequestShort && e.op <= Op::HandleInternal) std::fprintf(f, ",\"handler\":%u", e.handler);
      std::fputs("}}", f);
    }
  }
  std::fputs("\n]}\n", f);
  if (std::fclose(f) != 0)
    std::fprintf(stderr, "libgex rank %u: writing the trace to '%s' failed\n", rank, g_config.trace_file.c_str());
  if (dropped)
    std::fprintf(stderr, "libgex rank %u: the trace '%s' dropped %" PRIu64 " events (GEX_TRACE_MAX=%" PRIu64 " per thread)\n",
                 rank, g_config.trace_file.c_str(), dropped, g_config.trace_max);
}

// ---- crash backtrace ------------------------------------------------------------------------------

char g_crash_prefix[160];  // "libgex rank R (host H): " built at init: the handler must not allocate

const char *signal_label(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    default: return "signal";
  }
}

void write_str(const char *s) { write_all(2, s, std::strlen(s)); }

// The backtrace mechanisms GASNET_BACKTRACE_TYPE selects, in the order to try them (set up at
// init, read by the signal handler).
struct Mechanism {
  char name[32];
  int (*fn)(int fd);
};
Mechanism g_mechanisms[8];
int g_mechanism_count = 0;

// addr2line, found at start-up: names the frames execinfo cannot (static functions, which are
// not in the dynamic symbol table), from the symbol table or debug information, as GASNet does.
char g_addr2line[512];

void find_addr2line() {
  const char *path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string candidate = dirs.substr(start, end - start) + "/addr2line";
    if (end > start && candidate.size() < sizeof g_addr2line && access(candidate.c_str(), X_OK) == 0) {
      std::snprintf(g_addr2line, sizeof g_addr2line, "%s", candidate.c_str());
      return;
    }
    start = end + 1;
  }
}

// Writes "    at <function> at <file>:<line>" for one frame through addr2line (fork and exec,
// both allowed in a signal handler), using the frame's offset in its object (PIE and libraries).
void addr2line_frame(int fd, void *frame) {
  Dl_info info;
  if (!g_addr2line[0] || !dladdr(frame, &info) || !info.dli_fname || !info.dli_fname[0]) return;
  char offset[32];
  std::snprintf(offset, sizeof offset, "0x%" PRIxPTR,
                reinterpret_cast<uintptr_t>(frame) - reinterpret_cast<uintptr_t>(info.dli_fbase) - 1);
  write_all(fd, "    at ", 7);
  const pid_t child = fork();
  if (child == 0) {
    dup2(fd, 1);
    const int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) dup2(devnull, 2);
    execl(g_addr2line, "addr2line", "-f", "-p", "-C", "-e", info.dli_fname, offset, static_cast<char *>(nullptr));
    _exit(127);
  }
  int status = 0;
  if (child > 0)
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
  if (child <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) write_all(fd, "?\n", 2);
}

int execinfo_backtrace(int fd) {
  void *frames[64];
  const int depth = backtrace(frames, 64);
  if (depth <= 0) return 1;
  for (int i = 0; i < depth; ++i) {
    backtrace_symbols_fd(&frames[i], 1, fd);
    addr2line_frame(fd, frames[i]);
  }
  return 0;
}

// GASNET_BACKTRACE_TYPE: a list of names separated by commas (or spaces, '|', ';'), any case.
// libgex offers EXECINFO and the client's gasnett_backtrace_user; the default is all of them,
// EXECINFO first. Unknown names are reported (rank 0) and skipped, as GASNet does.
bool g_mechanisms_chosen = false;
void choose_mechanisms() {
  g_mechanisms_chosen = true;
  // gasnett_backtrace_user is weak: when the client defines none, no archive member is pulled in
  // for it and its address is null.
  const gasnett_backtrace_type_t *user = &gasnett_backtrace_user;
  if (!user || !user->name || !user->fnp) user = nullptr;
  std::string dflt = "EXECINFO";
  if (user) dflt += std::string(",") + user->name;
  const char *set = bootstrap::env_or_null("GASNET_BACKTRACE_TYPE");
  const std::string list = set ? set : dflt;
  verbose_env("GASNET_BACKTRACE_TYPE", list.c_str());
  g_mechanism_count = 0;
  size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() && std::strchr(" ,|;", list[i])) ++i;
    std::string name;
    while (i < list.size() && !std::strchr(" ,|;", list[i])) name += char(std::toupper(static_cast<unsigned char>(list[i++])));
    if (name.empty()) break;
    int (*fn)(int) = nullptr;
    if (name == "EXECINFO") fn = execinfo_backtrace;
    else if (user && name == user->name) fn = user->fnp;
    if (!fn) {
      if (g_config.rank == 0)
        std::fprintf(stderr, "libgex: WARNING: GASNET_BACKTRACE_TYPE=%s unrecognized or unsupported - ignoring\n",
                     name.c_str());
      continue;
    }
    if (g_mechanism_count == int(sizeof g_mechanisms / sizeof g_mechanisms[0])) break;
    Mechanism &m = g_mechanisms[g_mechanism_count++];
    std::snprintf(m.name, sizeof m.name, "%s", name.c_str());
    m.fn = fn;
  }
}

// Async-signal-safe apart from backtrace() itself, whose first call (which may load libgcc) was
// made at install time.
void crash_handler(int sig) {
  char num[16];
  int n = 0;
  for (int v = sig; v; v /= 10) num[n++] = char('0' + v % 10);
  char digits[16];
  for (int i = 0; i < n; ++i) digits[i] = num[n - 1 - i];
  digits[n] = '\0';
  write_str(g_crash_prefix);
  write_str("caught ");
  write_str(signal_label(sig));
  write_str(" (signal ");
  write_str(digits);
  write_str("), backtrace (GASNET_BACKTRACE=1):\n");
  bool printed = false;
  for (int i = 0; i < g_mechanism_count && !printed; ++i) {
    printed = g_mechanisms[i].fn(2) == 0;
    if (!printed) {
      write_str(g_crash_prefix);
      write_str(g_mechanisms[i].name);
      write_str(" backtrace failed\n");
    }
  }
  if (!printed) {
    write_str(g_crash_prefix);
    write_str("no backtrace mechanism succeeded (GASNET_BACKTRACE_TYPE)\n");
  }
  write_str(g_crash_prefix);
  write_str("end of backtrace\n");
  // Die of the same signal, so that the job monitor reports it as the cause.
  signal(sig, SIG_DFL);
  raise(sig);
}

void install_backtrace() {
  choose_mechanisms();
  find_addr2line();
  void *warm[4];
  backtrace(warm, 4);  // loads the unwinder now, not inside the handler
  std::snprintf(g_crash_prefix, sizeof g_crash_prefix, "libgex rank %u (host %s): ", g_config.rank,
                bootstrap::host_name().c_str());
  // An alternate stack, so that a stack overflow still gets its backtrace (main thread only).
  static char alt_stack[64 * 1024];
  stack_t ss{};
  ss.ss_sp = alt_stack;
  ss.ss_size = sizeof alt_stack;
  sigaltstack(&ss, nullptr);
  struct sigaction sa{};
  sa.sa_handler = crash_handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) sigaction(sig, &sa, nullptr);
}

void finish_at_exit() { finish(); }

}  // namespace

const char *op_name(Op op) noexcept { return kOpNames[size_t(op)]; }

void record(Op op, uint32_t peer, uint64_t bytes, uint64_t t0, uint64_t t1, uint32_t handler) noexcept {
  ThreadLog *log = t_log ? t_log : register_thread();
  const size_t i = size_t(op);
  bump(log->count[i], 1);
  bump(log->bytes[i], bytes);
  bump(log->ns[i], t1 - t0);
  if (!(g_on & kTrace)) return;
  const uint64_t n = log->events.load(std::memory_order_relaxed);
  if (n >= g_config.trace_max) {
    bump(log->dropped, 1);
    return;
  }
  TraceEvent *&chunk = log->chunks[n / kChunkEvents];
  if (!chunk) chunk = new TraceEvent[kChunkEvents];
  chunk[n % kChunkEvents] = TraceEvent{t0, t1 - t0, bytes, peer, uint16_t(handler), op};
  log->events.store(n + 1, std::memory_order_release);
}

void count(Op op, uint32_t /*peer*/, uint64_t bytes, uint64_t n) noexcept {
  ThreadLog *log = t_log ? t_log : register_thread();
  bump(log->count[size_t(op)], n);
  bump(log->bytes[size_t(op)], bytes);
}

Op handle_op(const transport::AmMessage &m) noexcept {
  if (m.handler < runtime::kHandlerInternalLimit) return Op::HandleInternal;
  const unsigned base = unsigned(m.is_request ? Op::HandleRequestShort : Op::HandleReplyShort);
  return Op(base + unsigned(m.category));
}

void record_send(uint32_t dest, const transport::AmMessage &m, bool sent, uint64_t t0_ns) {
  Op op = Op::SendImmediateNoop;
  if (sent)
    op = m.handler < runtime::kHandlerInternalLimit
             ? Op::SendInternal
             : Op(unsigned(m.is_request ? Op::SendRequestShort : Op::SendReplyShort) + unsigned(m.category));
  record(op, dest, m.nbytes, t0_ns, now_ns(), m.handler);
}

void init() {
  static bool done = false;
  if (done) return;
  done = true;
  const auto &job = bootstrap::job();
  g_config.rank = job.rank;
  g_config.size = job.size;
  g_config.start_ns = now_ns();

  if (runtime::env_bool("GASNET_BACKTRACE", false)) install_backtrace();

  const char *stats_file = bootstrap::env_or_null("GASNET_STATSFILE");
  verbose_env("GASNET_STATSFILE", stats_file);
  g_config.stats = runtime::env_bool("GEX_STATS", stats_file != nullptr);
  if (g_config.stats && stats_file) g_config.stats_file = expand_rank(stats_file, job.rank);

  const char *trace = bootstrap::env_or_null("GEX_TRACE");
  verbose_env("GEX_TRACE", trace);
  g_config.trace_max = uint64_t(runtime::env_int("GEX_TRACE_MAX", 1000000, 1, int64_t(1) << 32));
  if (trace) g_config.trace_file = trace_file_for(trace, job.rank);

  g_on = (g_config.stats ? uint32_t(kStats) : 0u) | (trace ? uint32_t(kTrace) : 0u);
  if (g_on) {
    std::atexit(finish_at_exit);          // return from main, exit()
    bootstrap::set_exit_hook(finish);     // gasnet_exit, fatal errors, leaving an ending job
  }
}

void finish() noexcept {
  if (!g_on || g_finished.exchange(true)) return;
  std::fflush(nullptr);  // the program's own output first
  if (g_on & kStats) dump_stats();
  if (g_on & kTrace) dump_trace();
}

}  // namespace gex::diag

// gasnett_print_backtrace (gasnet_tools.h) calls this when libgex is linked: the same mechanisms,
// addr2line naming included, as crash backtraces.
extern "C" int gexi_print_backtrace(int fd) {
  using namespace gex::diag;
  if (!g_mechanisms_chosen) {
    choose_mechanisms();
    find_addr2line();
  }
  for (int i = 0; i < g_mechanism_count; ++i)
    if (g_mechanisms[i].fn(fd) == 0) return 0;
  return 1;
}
