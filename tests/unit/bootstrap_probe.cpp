// A rank program linked only to gex_bootstrap, for the job tests in CMakeLists.txt: it joins,
// checks barrier() and allgather(), leaves a shm object for the monitor to clean up, then does
// what its arguments say:
//   ok                  every rank returns 0 from main
//   rounds K            K rounds of barrier + allgather, checked, then return 0
//   exit R C            rank R returns C from main; the others wait in a barrier
//   exit_job R C        rank R calls exit_job(C); the others wait in a barrier
//   signal R S          rank R raises signal S; the others wait in a barrier
//   fatal R C           rank R calls fatal(..., C); the others wait in a barrier
//   hang R C            rank R calls exit_job(C); the others sleep without polling
//   expect_size N       fails unless the job has N ranks
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"

namespace bs = gex::bootstrap;

namespace {

struct Contribution {
  uint32_t rank;
  uint32_t size;
  int32_t pid;
  uint32_t round;
};

void check_allgather(uint32_t round) {
  const bs::JobInfo &job = bs::job();
  const Contribution mine{job.rank, job.size, static_cast<int32_t>(getpid()), round};
  std::vector<Contribution> all(job.size);
  bs::allgather(&mine, sizeof mine, all.data());
  for (uint32_t r = 0; r < job.size; ++r)
    if (all[r].rank != r || all[r].size != job.size || all[r].round != round || all[r].pid <= 0)
      bs::fatal("probe: allgather slot " + std::to_string(r) + " is wrong in round " +
                std::to_string(round));
}

// Left in /dev/shm on purpose: the monitor must remove it however the job ends. A singleton
// has no monitor, so there it cleans up after itself as the runtime does.
void leave_shm_object() {
  const std::string name = bs::shm_name("probe", bs::job().rank);
  const int fd = shm_open(name.c_str(), O_RDWR | O_CREAT, 0600);
  if (fd < 0) bs::fatal("probe: shm_open(" + name + ") failed");
  close(fd);
  if (bs::job().size == 1 && !std::getenv("GEX_JOB_CTL")) shm_unlink(name.c_str());
}

[[noreturn]] void wait_for_job_end() {
  bs::barrier();  // the acting rank never arrives; the job's end releases us
  bs::fatal("probe: barrier completed although a rank was missing");
}

int number(const char *text) { return text ? std::atoi(text) : 0; }

}  // namespace

int main(int argc, char **argv) {
  bs::join(&argc, &argv);
  bs::join(&argc, &argv);  // idempotent
  if (!bs::joined() || bs::job().rank >= bs::job().size) bs::fatal("probe: bad job info");
  bs::barrier();
  check_allgather(0);
  leave_shm_object();
  bs::barrier();

  const std::string action = argc > 1 ? argv[1] : "ok";
  const uint32_t rank = bs::job().rank;
  const uint32_t target = static_cast<uint32_t>(number(argc > 2 ? argv[2] : nullptr));
  const int value = number(argc > 3 ? argv[3] : nullptr);

  if (action == "ok") return 0;
  if (action == "rounds") {
    for (uint32_t round = 1; round <= target; ++round) {
      check_allgather(round);
      bs::barrier();
    }
    return 0;
  }
  if (action == "expect_size") {
    if (bs::job().size != target)
      bs::fatal("probe: job has " + std::to_string(bs::job().size) + " ranks, expected " +
                std::to_string(target));
    return 0;
  }
  if (rank != target) {
    if (action == "hang")
      while (true) pause();
    wait_for_job_end();
  }
  if (action == "exit") return value;
  if (action == "exit_job" || action == "hang") bs::exit_job(value);
  if (action == "signal") {
    signal(value, SIG_DFL);
    raise(value);
    bs::fatal("probe: survived signal " + std::to_string(value));
  }
  if (action == "fatal") bs::fatal("probe: deliberate failure", value);
  bs::fatal("probe: unknown action " + action, 2);
}
