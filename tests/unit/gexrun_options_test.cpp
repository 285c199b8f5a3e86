// gexrun's command line: options end at the program, whose arguments pass through untouched.
#include <gtest/gtest.h>

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
