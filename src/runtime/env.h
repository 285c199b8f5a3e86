// Environment variables the runtime reads. A bad value is a fatal error naming the variable
// and the value, never a silent default. GASNET_VERBOSEENV=1 makes rank 0 print every
// variable read and the value used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gex::runtime {

// A memory size in GASNet's syntax (parse_memsize below), in [min, max]. Fractions of memory are of
// this host's physical memory; "/H" divides by the ranks on this host (the job's size once joined).
size_t env_size(const char *name, size_t dflt, size_t min, size_t max);
// The same where a number without a unit is megabytes (GASNet's firehose variables, "64" = 64 MiB).
size_t env_size_mb(const char *name, size_t dflt, size_t min, size_t max);
// An integer in [min, max].
int64_t env_int(const char *name, int64_t dflt, int64_t min, int64_t max);
// 1/0, yes/no, true/false, on/off (any case).
bool env_bool(const char *name, bool dflt);

// What a memory size can be relative to: the host's physical memory (0: unknown, fractions are
// then rejected) and the number of ranks sharing the host ("/H" divides by it; 0 counts as 1).
struct MemsizeContext {
  uint64_t physical_memory = 0;
  uint64_t ranks_on_host = 1;
};

// Parses a memory size as GASNet does for GASNET_MAX_SEGSIZE (its README), strictly:
//   value  := size [ [ '/' ] scope ]            spaces allowed around each part
//   scope  := P | H (any case)                  P (the default): per process; H: for the whole
//                                               host, divided among its ranks
//   size   := number [ unit ]                   an amount: "512M", "2GB", "128.0MB", "4096"
//           | number                            0 < number < 1, no unit: that fraction of
//                                               physical memory ("0.85"); 1 and above: bytes
//           | number '/' number                 a fraction written as a ratio ("1/2")
//           | number '%'                        a percentage of physical memory ("85%"; libgex)
//   number := digits [ '.' digits ] | '.' digits (decimal)
//   unit   := K | M | G | T, optionally followed by B, or B alone (binary multiples, any case)
// A fractional amount with a unit is rounded down to a byte. Returns false on anything else,
// on overflow, and on a fraction when the physical memory is unknown.
bool parse_memsize(const std::string &text, const MemsizeContext &context, uint64_t &out);
// parse_memsize without a host: absolute amounts only ("/H" divides by 1).
bool parse_size(const std::string &text, size_t &out);
// parse_size where a plain number (digits, optionally a fraction) counts megabytes (env_size_mb).
bool parse_size_mb(const std::string &text, size_t &out);
// Parses a decimal integer as env_int does: an optional sign, then digits only (no spaces, no
// base prefix); false on a malformed value or one outside int64_t.
bool parse_int(const std::string &text, int64_t &out);
// Parses a boolean as env_bool does (1/0, yes/no, true/false, on/off, y/n, any case).
bool parse_bool(const std::string &text, bool &out);

}  // namespace gex::runtime
