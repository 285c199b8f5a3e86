// gexrun's command line: options end at the program, whose arguments pass through untouched.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>

#include "launch_options.h"

using gex::gexrun::parse_command_line;
using gex::gexrun::kUsageErrorCode;
using Args = std::vector<std::string>;

TEST(GexrunOptions, ShortOptionWithSeparateValue) {
  const auto parsed = parse_command_line({"-n", "4", "prog", "a", "b"});
  ASSERT_TRUE(parsed.options);
  EXPECT_EQ(parsed.options->ranks, 4u);
  EXPECT_EQ(parsed.options->command, (Args{"prog", "a", "b"}));
}

TEST(GexrunOptions, MpiStyleNp) {
  const auto parsed = parse_command_line({"-np", "3", "prog"});
  ASSERT_TRUE(parsed.options);
  EXPECT_EQ(parsed.options->ranks, 3u);
  EXPECT_EQ(parsed.options->command, (Args{"prog"}));
}

TEST(GexrunOptions, LongOptionForms) {
  for (const Args &args : {Args{"--np", "8", "prog"}, Args{"--np=8", "prog"}, Args{"-n8", "prog"}}) {
    const auto parsed = parse_command_line(args);
    ASSERT_TRUE(parsed.options) << args[0] << ": " << parsed.err;
    EXPECT_EQ(parsed.options->ranks, 8u) << args[0];
    EXPECT_EQ(parsed.options->command, (Args{"prog"})) << args[0];
  }
}

TEST(GexrunOptions, ProgramArgumentsThatLookLikeOptionsPassThrough) {
  const auto parsed = parse_command_line({"-n", "2", "python3", "-m", "x", "-n", "5", "--help", "-np"});
  ASSERT_TRUE(parsed.options);
  EXPECT_EQ(parsed.options->ranks, 2u);
  EXPECT_EQ(parsed.options->command, (Args{"python3", "-m", "x", "-n", "5", "--help", "-np"}));
}

TEST(GexrunOptions, DoubleDashEndsOptions) {
  const auto parsed = parse_command_line({"-n", "2", "--", "-odd-name", "-n", "3"});
  ASSERT_TRUE(parsed.options);
  EXPECT_EQ(parsed.options->ranks, 2u);
  EXPECT_EQ(parsed.options->command, (Args{"-odd-name", "-n", "3"}));
}

TEST(GexrunOptions, RankCountDefaultsToOne) {
  const auto parsed = parse_command_line({"prog"});
  ASSERT_TRUE(parsed.options);
  EXPECT_EQ(parsed.options->ranks, 1u);
}

TEST(GexrunOptions, HelpPrintsUsageAndSucceeds) {
  for (const Args &args : {Args{"-h"}, Args{"--help"}, Args{"-h", "prog"}}) {
    const auto parsed = parse_command_line(args);
    EXPECT_FALSE(parsed.options);
    EXPECT_EQ(parsed.exit_code, 0);
    EXPECT_NE(parsed.out.find("gexrun -n N"), std::string::npos) << parsed.out;
  }
}

TEST(GexrunOptions, BadRankCountsAreUsageErrors) {
  for (const char *count : {"0", "4097", "abc", "-1", "2.5", ""}) {
    const auto parsed = parse_command_line({"-n", count, "prog"});
    EXPECT_FALSE(parsed.options) << count;
    EXPECT_EQ(parsed.exit_code, kUsageErrorCode) << count;
    EXPECT_NE(parsed.err.find("gexrun:"), std::string::npos) << parsed.err;
  }
  const auto largest = parse_command_line({"-n", "4096", "prog"});
  ASSERT_TRUE(largest.options);
  EXPECT_EQ(largest.options->ranks, 4096u);
}

TEST(GexrunOptions, MissingValueOrProgramOrUnknownOption) {
  for (const Args &args : {Args{"-n"}, Args{"-n", "4"}, Args{}, Args{"-x", "prog"},
                           Args{"--bogus", "prog"}}) {
    const auto parsed = parse_command_line(args);
    EXPECT_FALSE(parsed.options);
    EXPECT_EQ(parsed.exit_code, kUsageErrorCode);
    EXPECT_FALSE(parsed.err.empty());
  }
}

// ---- jobs on several hosts: host lists, placement, spawn templates ----
using gex::gexrun::HostPlan;
using gex::gexrun::plan_hosts;
using Ranks = std::vector<uint32_t>;

TEST(GexrunHosts, HostListAndSpreadPlacement) {
  const auto parsed = parse_command_line({"--hosts", "a,b, c", "-n", "8", "prog"});
  ASSERT_TRUE(parsed.options) << parsed.err;
  EXPECT_EQ(parsed.options->hosts, (Args{"a", "b", "c"}));
  const std::vector<HostPlan> plan = plan_hosts(*parsed.options);
  ASSERT_EQ(plan.size(), 3u);
  // 8 over 3 hosts: contiguous blocks, the first hosts get the remainder.
  EXPECT_EQ(plan[0].ranks, (Ranks{0, 1, 2}));
  EXPECT_EQ(plan[1].ranks, (Ranks{3, 4, 5}));
  EXPECT_EQ(plan[2].ranks, (Ranks{6, 7}));
  EXPECT_EQ(plan[2].name, "c");
}

TEST(GexrunHosts, PpnAndNodesAndDefaults) {
  auto parsed = parse_command_line({"--hosts", "a,b,c", "--ppn", "2", "prog"});
  ASSERT_TRUE(parsed.options) << parsed.err;
  std::vector<HostPlan> plan = plan_hosts(*parsed.options);  // no -n: ppn x hosts
  ASSERT_EQ(plan.size(), 3u);
  EXPECT_EQ(plan[2].ranks, (Ranks{4, 5}));

  parsed = parse_command_line({"--hosts", "a,b,c", "--ppn", "2", "-n", "3", "prog"});
  ASSERT_TRUE(parsed.options) << parsed.err;
  plan = plan_hosts(*parsed.options);  // host c gets no rank and is left out
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[1].ranks, (Ranks{2}));

  parsed = parse_command_line({"--hosts", "a,b,c", "-N", "2", "-n", "4", "prog"});
  ASSERT_TRUE(parsed.options) << parsed.err;
  plan = plan_hosts(*parsed.options);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[1].ranks, (Ranks{2, 3}));

  parsed = parse_command_line({"--hosts", "a,b", "prog"});  // no -n: one rank per entry
  ASSERT_TRUE(parsed.options) << parsed.err;
  EXPECT_EQ(plan_hosts(*parsed.options).size(), 2u);
}

TEST(GexrunHosts, RepeatedHostsFollowTheListOrder) {
  const auto parsed = parse_command_line({"--hosts", "a,b,a,b", "-n", "6", "prog"});
  ASSERT_TRUE(parsed.options) << parsed.err;
  const std::vector<HostPlan> plan = plan_hosts(*parsed.options);
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].ranks, (Ranks{0, 2, 4}));
  EXPECT_EQ(plan[1].ranks, (Ranks{1, 3, 5}));
}

TEST(GexrunHosts, HostFileFormats) {
  char path[] = "/tmp/gexrun_hostfile_XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  const std::string text = "# machines\nnode1\nnode2 slots=2\n\nnode3:3   # three\n";
  ASSERT_EQ(write(fd, text.data(), text.size()), ssize_t(text.size()));
  close(fd);
  EXPECT_EQ(gex::gexrun::read_host_file(path),
            (Args{"node1", "node2", "node2", "node3", "node3", "node3"}));
  const auto parsed = parse_command_line({"--hostfile", path, "prog"});
  ASSERT_TRUE(parsed.options) << parsed.err;
  EXPECT_EQ(parsed.options->hosts.size(), 6u);
  unlink(path);
  EXPECT_THROW(gex::gexrun::read_host_file("/nonexistent/hosts"), std::invalid_argument);
}

TEST(GexrunHosts, ImpossiblePlacementsAreUsageErrors) {
  for (const Args &args : {Args{"--hosts", "a,b", "--ppn", "2", "-n", "5", "prog"},
                           Args{"--hosts", "a,b", "-N", "3", "prog"},
                           Args{"--hosts", "a,a", "--ppn", "2", "prog"},
                           Args{"--hosts", ",", "prog"},
                           Args{"--ppn", "2", "-n", "2", "prog"},
                           Args{"--hostfile", "/nonexistent/hosts", "prog"}}) {
    const auto parsed = parse_command_line(args);
    EXPECT_FALSE(parsed.options) << args[1];
    EXPECT_EQ(parsed.exit_code, kUsageErrorCode) << args[1];
    EXPECT_EQ(parsed.err.rfind("gexrun: ", 0), 0u) << parsed.err;
  }
}

TEST(GexrunHosts, ShellQuotingAndSpawnTemplates) {
  using gex::gexrun::expand_spawn_template;
  using gex::gexrun::shell_quote;
  EXPECT_EQ(shell_quote("plain"), "'plain'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(expand_spawn_template("ip netns exec %H %C", "h1", "'cmd'", 4), "ip netns exec h1 'cmd'");
  EXPECT_EQ(expand_spawn_template("run -n %N --on %H -- %C # 100%%", "x", "c", 3), "run -n 3 --on x -- c # 100%");
  EXPECT_THROW(expand_spawn_template("ssh %H", "h", "c", 1), std::invalid_argument);
  EXPECT_THROW(expand_spawn_template("ssh %Q %C", "h", "c", 1), std::invalid_argument);
}
