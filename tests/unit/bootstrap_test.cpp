// Unit tests of the bootstrap pieces that need no launcher: names, environment values, the
// control block, and the monitor over a few forked children.
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "bootstrap/bootstrap.h"
#include "bootstrap/control_block.h"
#include "bootstrap/env_values.h"
#include "bootstrap/launch.h"

namespace bs = gex::bootstrap;

namespace {

// The message of the std::invalid_argument that `parse` throws, or "" if it does not throw.
template <typename Parse>
std::string rejection(Parse parse) {
  try {
    parse();
  } catch (const std::invalid_argument &error) {
    return error.what();
  }
  return "";
}

bool shm_exists(const std::string &name) {
  struct stat info {};
  return stat(("/dev/shm" + name).c_str(), &info) == 0;
}

std::string unique_job_id(const char *what) {
  return std::string("unit") + what + std::to_string(getpid());
}

}  // namespace

TEST(ShmName, Format) {
  EXPECT_EQ(bs::shm_name_for_job("abc123", "seg", 3), "/gex-abc123-seg3");
  EXPECT_EQ(bs::shm_name_for_job("j", "amq", 0), "/gex-j-amq0");
  EXPECT_EQ(bs::control_block_name("abc123"), "/gex-abc123-ctl");
}

TEST(EnvValues, RankCountAcceptsOneToMax) {
  EXPECT_EQ(bs::parse_rank_count("GASNET_PSHM_NODES", "1"), 1u);
  EXPECT_EQ(bs::parse_rank_count("GASNET_PSHM_NODES", "8"), 8u);
  EXPECT_EQ(bs::parse_rank_count("GASNET_PSHM_NODES", "4096"), 4096u);
}

TEST(EnvValues, RankCountRejectionNamesVariableAndValue) {
  for (const char *bad : {"0", "4097", "abc", "-1", "+4", " 4", "4x", "99999999999999999999"}) {
    const std::string message =
        rejection([&] { bs::parse_rank_count("GASNET_PSHM_NODES", bad); });
    EXPECT_NE(message.find(std::string("GASNET_PSHM_NODES=") + bad), std::string::npos)
        << "for '" << bad << "': " << message;
    EXPECT_NE(message.find("1 to 4096"), std::string::npos) << message;
  }
  EXPECT_NE(rejection([] { bs::parse_rank_count("GEX_SIZE", ""); }).find("GEX_SIZE"),
            std::string::npos);
}

TEST(EnvValues, RankRange) {
  EXPECT_EQ(bs::parse_env_uint("GEX_RANK", "0", 0, 3), 0u);
  EXPECT_EQ(bs::parse_env_uint("GEX_RANK", "3", 0, 3), 3u);
  EXPECT_NE(rejection([] { bs::parse_env_uint("GEX_RANK", "4", 0, 3); }).find("GEX_RANK=4"),
            std::string::npos);
}

TEST(EnvValues, Seconds) {
  EXPECT_DOUBLE_EQ(bs::parse_seconds("GEX_EXIT_TIMEOUT", "2"), 2.0);
  EXPECT_DOUBLE_EQ(bs::parse_seconds("GEX_EXIT_TIMEOUT", "0.25"), 0.25);
  EXPECT_DOUBLE_EQ(bs::parse_seconds("GEX_EXIT_TIMEOUT", "0"), 0.0);
  for (const char *bad : {"-1", "abc", "2s", "nan", "inf", "3601", " 1"})
    EXPECT_NE(rejection([&] { bs::parse_seconds("GEX_EXIT_TIMEOUT", bad); })
                  .find(std::string("GEX_EXIT_TIMEOUT=") + bad),
              std::string::npos)
        << bad;
}

TEST(EnvValues, JobId) {
  EXPECT_EQ(bs::validate_job_id("GEX_JOB_ID", "ctest123r456"), "ctest123r456");
  EXPECT_EQ(bs::validate_job_id("GEX_JOB_ID", "a.b_C9"), "a.b_C9");
  for (const char *bad : {"", "has-dash", "has/slash", "has space",
                          "x12345678901234567890123456789012345678901"})
    EXPECT_NE(rejection([&] { bs::validate_job_id("GEX_JOB_ID", bad); }).find("GEX_JOB_ID"),
              std::string::npos)
        << bad;
}

TEST(ControlBlock, FirstExitCodeWins) {
  bs::ControlBlockMapping mapping = bs::create_control_block(4, "cbtest", "");
  bs::ControlBlock &block = *mapping.block;
  EXPECT_EQ(block.recorded_exit_code(), bs::ControlBlock::kNoExitCode);
  EXPECT_EQ(block.job_ending.load(), 0u);
  block.begin_ending(3, 0.0);
  EXPECT_EQ(block.job_ending.load(), 1u);
  EXPECT_EQ(block.record_exit_code(5), 3);
  EXPECT_EQ(block.recorded_exit_code(), 3);
  munmap(mapping.block, mapping.bytes);
}

// As GASNet: a failure code is never hidden by a rank that exited with 0 first.
TEST(ControlBlock, FirstNonZeroExitCodeWins) {
  bs::ControlBlockMapping mapping = bs::create_control_block(2, "cbtest0", "");
  bs::ControlBlock &block = *mapping.block;
  EXPECT_EQ(block.record_exit_code(0), 0);
  EXPECT_EQ(block.record_exit_code(0), 0);
  EXPECT_EQ(block.record_exit_code(4), 4);
  EXPECT_EQ(block.record_exit_code(0), 4);
  EXPECT_EQ(block.record_exit_code(7), 4);
  EXPECT_EQ(block.recorded_exit_code(), 4);
  munmap(mapping.block, mapping.bytes);
}

TEST(ControlBlock, LayoutKeepsRegionsApart) {
  for (uint32_t size : {1u, 2u, 7u, 4096u}) {
    bs::ControlBlockMapping mapping = bs::create_control_block(size, "layout", "");
    bs::ControlBlock *block = mapping.block;
    auto *base = reinterpret_cast<uint8_t *>(block);
    auto *ranks_begin = reinterpret_cast<uint8_t *>(block->ranks());
    auto *ranks_end = reinterpret_cast<uint8_t *>(block->ranks() + size);
    EXPECT_GE(ranks_begin, base + sizeof(bs::ControlBlock));
    EXPECT_GE(block->exchange(), ranks_end);
    EXPECT_LE(block->exchange() + size_t{size} * bs::kMaxExchangeBytes, base + mapping.bytes);
    munmap(mapping.block, mapping.bytes);
  }
}

TEST(ControlBlock, NamedBlockAttachAndMismatch) {
  const std::string job_id = unique_job_id("attach");
  const std::string name = bs::control_block_name(job_id);
  bs::ControlBlockMapping created = bs::create_control_block(4, job_id, name);
  EXPECT_TRUE(shm_exists(name));
  EXPECT_THROW(bs::create_control_block(4, job_id, name), std::system_error);  // exclusive

  bs::ControlBlockMapping attached = bs::attach_control_block(name, 4, job_id);
  attached.block->begin_ending(7, 0.0);
  EXPECT_EQ(created.block->recorded_exit_code(), 7);  // one shared block
  EXPECT_THROW(bs::attach_control_block(name, 5, job_id), std::runtime_error);
  EXPECT_THROW(bs::attach_control_block(name, 4, "otherjob"), std::runtime_error);
  EXPECT_THROW(bs::attach_control_block("/gex-nosuchjob-ctl", 4, "nosuchjob"),
               std::runtime_error);

  EXPECT_EQ(bs::remove_job_shm_objects(job_id), 1);
  EXPECT_FALSE(shm_exists(name));
  munmap(created.block, created.bytes);
  munmap(attached.block, attached.bytes);
}

TEST(Cleanup, RemovesOnlyThisJobsObjects) {
  const std::string job_id = unique_job_id("clean");
  const std::string neighbour_id = job_id + "0";  // a longer id sharing our id as a prefix
  const std::string mine = bs::shm_name_for_job(job_id, "seg", 0);
  const std::string theirs = bs::shm_name_for_job(neighbour_id, "seg", 0);
  for (const std::string &name : {mine, theirs}) close(shm_open(name.c_str(), O_CREAT | O_RDWR, 0600));
  EXPECT_EQ(bs::remove_job_shm_objects(job_id), 1);
  EXPECT_FALSE(shm_exists(mine));
  EXPECT_TRUE(shm_exists(theirs));
  shm_unlink(theirs.c_str());
}

// The monitor over forked children that stand in for ranks.
class MonitorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const sigset_t signals = bs::monitor_signal_set();
    pthread_sigmask(SIG_BLOCK, &signals, &saved_mask_);
    mapping_ = bs::create_control_block(3, unique_job_id("mon"), "");
  }
  void TearDown() override {
    munmap(mapping_.block, mapping_.bytes);
    pthread_sigmask(SIG_SETMASK, &saved_mask_, nullptr);
  }
  // Each child runs `body(rank)`, which must not return.
  template <typename Body>
  std::vector<int> start(Body body) {
    std::vector<int> pids;
    for (uint32_t rank = 0; rank < mapping_.block->size; ++rank) {
      const pid_t pid = bs::fork_rank(saved_mask_);
      if (pid == 0) body(rank);
      pids.push_back(pid);
    }
    return pids;
  }
  bs::ControlBlockMapping mapping_;
  sigset_t saved_mask_;
};

TEST_F(MonitorTest, ExitCodeOfFirstRankToLeaveEndsTheJob) {
  bs::MonitorOptions options;
  options.exit_grace_seconds = 0.5;
  const auto pids = start([](uint32_t rank) {
    if (rank == 1) _exit(3);
    pause();  // killed after the grace period
    _exit(0);
  });
  EXPECT_EQ(bs::run_monitor(*mapping_.block, pids, options), 3);
}

TEST_F(MonitorTest, SignalDeathIsReportedAndGives128PlusSignal) {
  bs::MonitorOptions options;
  options.name = "unittest";
  const auto pids = start([](uint32_t rank) {
    if (rank == 2) raise(SIGKILL);
    pause();  // the monitor's SIGTERM ends this
    _exit(0);
  });
  testing::internal::CaptureStderr();
  const int code = bs::run_monitor(*mapping_.block, pids, options);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(code, 128 + SIGKILL);
  EXPECT_NE(err.find("unittest: rank 2 (pid " + std::to_string(pids[2]) + " on host " +
                     bs::host_name() + ") was killed by signal 9"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("ending the job"), std::string::npos) << err;
}

// GEX_FAULT_TOLERANT=1: the dead rank is reported and marked failed, the others are left to
// finish (they see it failed in the control block), and the job's code is still 128+S.
TEST_F(MonitorTest, FaultTolerantJobGoesOnWithoutAKilledRank) {
  bs::MonitorOptions options;
  options.name = "unittest";
  options.fault_tolerant = true;
  bs::ControlBlock *block = mapping_.block;
  const auto pids = start([block](uint32_t rank) {
    if (rank == 2) raise(SIGKILL);
    // The survivors wait until the monitor has marked rank 2 failed (a monitor ending the job
    // would SIGTERM them instead), then leave with 0.
    for (int i = 0; i < 10000; ++i) {
      if (block->ranks()[2].state.load() == bs::kRankFailed && block->failed_ranks.load() == 1) _exit(0);
      usleep(1000);
    }
    _exit(9);
  });
  testing::internal::CaptureStderr();
  const int code = bs::run_monitor(*mapping_.block, pids, options);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(code, 128 + SIGKILL);
  EXPECT_NE(err.find("unittest: rank 2 (pid " + std::to_string(pids[2]) + " on host " + bs::host_name() +
                     ") was killed by signal 9 (Killed); the job goes on without it"),
            std::string::npos)
      << err;
  EXPECT_EQ(err.find("ending the job"), std::string::npos) << err;
  EXPECT_EQ(mapping_.block->ranks()[2].state.load(), uint32_t(bs::kRankFailed));
  EXPECT_EQ(mapping_.block->failed_ranks.load(), 1u);
}

TEST(ControlBlock, MarkFailedRecordsTheSignalAndCounts) {
  bs::ControlBlockMapping mapping = bs::create_control_block(3, "cbfail", "");
  bs::ControlBlock &block = *mapping.block;
  EXPECT_EQ(block.failed_ranks.load(), 0u);
  block.mark_failed(1, SIGSEGV);
  EXPECT_EQ(block.recorded_exit_code(), 128 + SIGSEGV);
  EXPECT_EQ(block.ranks()[1].state.load(), uint32_t(bs::kRankFailed));
  EXPECT_EQ(block.failed_ranks.load(), 1u);
  EXPECT_EQ(block.job_ending.load(), 0u);  // the job goes on
  block.mark_failed(2, SIGKILL);
  EXPECT_EQ(block.recorded_exit_code(), 128 + SIGSEGV);  // the first failure's code
  EXPECT_EQ(block.failed_ranks.load(), 2u);
  EXPECT_FALSE(block.all_ranks_leaving());  // rank 0 still works
  block.ranks()[0].state.store(bs::kRankExiting);
  EXPECT_TRUE(block.all_ranks_leaving());  // failed ranks are not waited for
  munmap(mapping.block, mapping.bytes);
}

TEST(EnvValues, FaultTolerantSwitch) {
  unsetenv("GEX_FAULT_TOLERANT");
  EXPECT_FALSE(bs::monitor_options_from_env("x").fault_tolerant);
  setenv("GEX_FAULT_TOLERANT", "1", 1);
  EXPECT_TRUE(bs::monitor_options_from_env("x").fault_tolerant);
  setenv("GEX_FAULT_TOLERANT", "0", 1);
  EXPECT_FALSE(bs::monitor_options_from_env("x").fault_tolerant);
  setenv("GEX_FAULT_TOLERANT", "yes", 1);
  try {
    bs::monitor_options_from_env("x");
    ADD_FAILURE() << "GEX_FAULT_TOLERANT=yes accepted";
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find("GEX_FAULT_TOLERANT"), std::string::npos) << e.what();
  }
  unsetenv("GEX_FAULT_TOLERANT");
}

TEST_F(MonitorTest, AllReturnZero) {
  const auto pids = start([](uint32_t) { _exit(0); });
  EXPECT_EQ(bs::run_monitor(*mapping_.block, pids, bs::MonitorOptions{}), 0);
}

// Last: join() in this process makes it a singleton rank for the rest of the run.
TEST(Singleton, JoinGivesOneRankAndWorkingCollectives) {
  unsetenv("GEX_RANK");
  unsetenv("GEX_SIZE");
  unsetenv("GEX_JOB_CTL");
  unsetenv("GASNET_PSHM_NODES");
  setenv("GEX_JOB_ID", "unitsingleton", 1);
  bs::join(nullptr, nullptr);
  bs::join(nullptr, nullptr);
  ASSERT_TRUE(bs::joined());
  EXPECT_EQ(bs::job().rank, 0u);
  EXPECT_EQ(bs::job().size, 1u);
  EXPECT_EQ(bs::job().host_count, 1u);
  EXPECT_EQ(bs::shm_name("seg", 0), "/gex-unitsingleton-seg0");
  EXPECT_FALSE(bs::job_ending());
  EXPECT_FALSE(bs::host_name().empty());
  bs::barrier();
  const uint64_t mine = 0x1234;
  uint64_t all = 0;
  bs::allgather(&mine, sizeof mine, &all);
  EXPECT_EQ(all, mine);
}
