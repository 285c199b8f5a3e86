// GASNet's memory-size syntax (GASNET_MAX_SEGSIZE and every other size variable):
// gex::runtime::parse_memsize / parse_size.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "runtime/env.h"

namespace {

using gex::runtime::MemsizeContext;
using gex::runtime::parse_memsize;
using gex::runtime::parse_size;

constexpr uint64_t KiB = uint64_t(1) << 10, MiB = uint64_t(1) << 20, GiB = uint64_t(1) << 30;
constexpr uint64_t kMemory = 16 * GiB;  // the host of these tests
constexpr MemsizeContext kHost{kMemory, 4};

uint64_t parsed(const std::string &text, MemsizeContext context = kHost) {
  uint64_t v = 0;
  EXPECT_TRUE(parse_memsize(text, context, v)) << "rejected '" << text << "'";
  return v;
}
bool rejected(const std::string &text, MemsizeContext context = kHost) {
  uint64_t v = 0;
  return !parse_memsize(text, context, v);
}

TEST(MemsizeTest, AbsoluteAmounts) {
  EXPECT_EQ(parsed("512M"), 512 * MiB);
  EXPECT_EQ(parsed("2GB"), 2 * GiB);
  EXPECT_EQ(parsed("2gb"), 2 * GiB);
  EXPECT_EQ(parsed("128.0MB"), 128 * MiB);
  EXPECT_EQ(parsed("1.5K"), 1536u);
  EXPECT_EQ(parsed("0.5M"), MiB / 2);  // a fraction with a unit is an amount, not a share
  EXPECT_EQ(parsed("64k"), 64 * KiB);
  EXPECT_EQ(parsed("1T"), uint64_t(1) << 40);
  EXPECT_EQ(parsed("4096"), 4096u);
  EXPECT_EQ(parsed("4096B"), 4096u);
  EXPECT_EQ(parsed(" 2 GB "), 2 * GiB);
  EXPECT_EQ(parsed(".5K"), 512u);
}

TEST(MemsizeTest, PlainNumbersFromOneAreBytes) {
  // GASNet: a number of 1 or more without a unit is a byte count, the fractional part dropped.
  EXPECT_EQ(parsed("1.0"), 1u);
  EXPECT_EQ(parsed("1.5"), 1u);
  EXPECT_EQ(parsed("3/2"), 1u);
}

TEST(MemsizeTest, SharesOfPhysicalMemory) {
  EXPECT_EQ(parsed("0.5"), kMemory / 2);
  EXPECT_EQ(parsed("0.25/P"), kMemory / 4);
  EXPECT_EQ(parsed("1/2"), kMemory / 2);
  EXPECT_EQ(parsed("50%"), kMemory / 2);
  EXPECT_EQ(parsed("100%"), kMemory);
  EXPECT_EQ(parsed("85%"), uint64_t(0.85 * double(kMemory)));
  EXPECT_EQ(parsed("0.85"), uint64_t(0.85 * double(kMemory)));
}

TEST(MemsizeTest, PerHostDividesAmongTheHostsRanks) {
  EXPECT_EQ(parsed("0.5/H"), kMemory / 2 / 4);
  EXPECT_EQ(parsed("0.5H"), kMemory / 2 / 4);
  EXPECT_EQ(parsed("0.5 / h"), kMemory / 2 / 4);
  EXPECT_EQ(parsed("8GB/H"), 2 * GiB);
  EXPECT_EQ(parsed("1/2/H"), kMemory / 2 / 4);
  EXPECT_EQ(parsed("50%/H"), kMemory / 2 / 4);
  EXPECT_EQ(parsed("8GB/H", MemsizeContext{kMemory, 1}), 8 * GiB);
  EXPECT_EQ(parsed("8GB/H", MemsizeContext{kMemory, 0}), 8 * GiB);  // unknown count: one rank
}

TEST(MemsizeTest, PerProcessIsTheDefault) {
  EXPECT_EQ(parsed("128.0MB/P"), 128 * MiB);
  EXPECT_EQ(parsed("4GB/p"), 4 * GiB);
  EXPECT_EQ(parsed("4GBP"), 4 * GiB);
  EXPECT_EQ(parsed("128.0MB/P"), parsed("128.0MB"));
}

TEST(MemsizeTest, MalformedValuesAreRejected) {
  for (const char *bad : {"", " ", "abc", "12Q", "-5", "+5", "0x10", "1..5", "1.2.3", "5%%", "150%", "0%",
                          "1/0", "1/", "/2", "/H", "H", "P", "12MBB", "12KiB", "2G/X", "2G Q", "M", "1e3",
                          "99999999999999999999", "20000000T", "0.5/H/H", "12 34"})
    EXPECT_TRUE(rejected(bad)) << "accepted '" << bad << "'";
}

TEST(MemsizeTest, SharesNeedTheMemorySize) {
  EXPECT_TRUE(rejected("0.5", MemsizeContext{0, 1}));
  EXPECT_TRUE(rejected("85%", MemsizeContext{0, 1}));
  size_t v = 0;
  EXPECT_FALSE(parse_size("0.5/H", v));
  ASSERT_TRUE(parse_size("512M", v));
  EXPECT_EQ(v, 512 * MiB);
  ASSERT_TRUE(parse_size("64KB/H", v));  // no host: one rank
  EXPECT_EQ(v, 64 * KiB);
}

TEST(MemsizeTest, ZeroParsesAndIsLeftToTheRangeCheck) {
  EXPECT_EQ(parsed("0"), 0u);
  EXPECT_EQ(parsed("0M"), 0u);
}

}  // namespace
