// libFuzzer target: the parsers of environment values.
//   gex::runtime::parse_memsize, parse_size (the core of env_size: GASNET_MAX_SEGSIZE, GEX_SMP_RING_BYTES, ...)
//   gex::runtime::parse_int, parse_bool (the cores of env_int and env_bool)
//   gex::bootstrap::parse_env_uint, parse_rank_count, parse_seconds, validate_job_id
// Input: byte 0 picks the parser, bytes 1..8 give parse_env_uint's bounds, the rest is the value.
// Besides "no crash, no sanitizer report", each accepted value must satisfy the parser's contract.
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "bootstrap/env_values.h"
#include "runtime/env.h"

namespace {

[[noreturn]] void contract_broken(const char *what, const std::string &value) {
  std::fprintf(stderr, "fuzz_env_values: %s for value '%s'\n", what, value.c_str());
  std::abort();
}

uint32_t read_u32(const uint8_t *p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

void check_size(const std::string &value) {
  // The integer amounts ("4096", "512M", "2GB") have one meaning: check it exactly.
  size_t digits = 0;
  while (digits < value.size() && std::isdigit(static_cast<unsigned char>(value[digits]))) ++digits;
  unsigned shift = 0;
  bool simple = digits > 0 && digits <= 18;
  if (simple && digits < value.size()) {
    switch (std::toupper(static_cast<unsigned char>(value[digits]))) {
      case 'K': shift = 10; break;
      case 'M': shift = 20; break;
      case 'G': shift = 30; break;
      case 'T': shift = 40; break;
      default: simple = false;
    }
    const size_t rest = value.size() - digits - 1;
    if (rest > 1 || (rest == 1 && std::toupper(static_cast<unsigned char>(value.back())) != 'B')) simple = false;
  }
  const gex::runtime::MemsizeContext host{uint64_t(16) << 30, 4};
  uint64_t out = 0;
  const bool accepted = gex::runtime::parse_memsize(value, host, out);
  if (simple) {
    const unsigned long long number = std::strtoull(value.substr(0, digits).c_str(), nullptr, 10);
    if (number <= (~0ull >> shift)) {
      if (!accepted) contract_broken("parse_memsize rejected an integer amount", value);
      if (out != uint64_t(number << shift)) contract_broken("parse_memsize returned the wrong value", value);
    }
  }
  if (!accepted) return;
  // Anything accepted is spelled with the grammar's characters only.
  for (char c : value)
    if (!std::strchr(" \t0123456789.KkMmGgTtBbPpHh/%", c) || c == '\0')
      contract_broken("parse_memsize accepted a character outside its grammar", value);
  // A share of memory never exceeds the memory.
  if (value.find('%') != std::string::npos && out > host.physical_memory)
    contract_broken("parse_memsize gave a percentage above the physical memory", value);
  size_t ignored = 0;
  (void)gex::runtime::parse_size(value, ignored);
}

// parse_int: accepted exactly when the value is [+-]?[0-9]+ and within int64_t, with the value
// strtoll gives (strtoll itself is too lenient: spaces, and saturation on overflow).
void check_int(const std::string &value) {
  int64_t out = 0;
  const bool accepted = gex::runtime::parse_int(value, out);
  size_t i = (!value.empty() && (value[0] == '-' || value[0] == '+')) ? 1 : 0;
  bool syntax = i < value.size();
  for (size_t k = i; k < value.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(value[k]))) syntax = false;
  if (!syntax) {
    if (accepted) contract_broken("parse_int accepted a value that is not [+-]?[0-9]+", value);
    return;
  }
  errno = 0;
  const long long expect = std::strtoll(value.c_str(), nullptr, 10);
  const bool in_range = errno != ERANGE;
  if (accepted != in_range) contract_broken(accepted ? "parse_int accepted an overflowing value" : "parse_int rejected a valid value", value);
  if (accepted && out != expect) contract_broken("parse_int returned the wrong value", value);
}

void check_bool(const std::string &value) {
  bool out = false;
  const bool accepted = gex::runtime::parse_bool(value, out);
  std::string lower(value);
  for (auto &c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  const bool yes = lower == "1" || lower == "yes" || lower == "true" || lower == "on" || lower == "y";
  const bool no = lower == "0" || lower == "no" || lower == "false" || lower == "off" || lower == "n";
  if (accepted != (yes || no)) contract_broken(accepted ? "parse_bool accepted a non-boolean" : "parse_bool rejected a boolean", value);
  if (accepted && out != yes) contract_broken("parse_bool returned the wrong value", value);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 9) return 0;
  const unsigned which = data[0] % 7;
  uint32_t lo = read_u32(data + 1), hi = read_u32(data + 5);
  if (lo > hi) std::swap(lo, hi);
  const std::string value(reinterpret_cast<const char *>(data + 9), size - 9);
  const char *c_value = value.c_str();  // stops at an embedded NUL, as getenv values do
  try {
    switch (which) {
      case 0: check_size(value); break;
      case 1: {
        uint32_t v = gex::bootstrap::parse_env_uint("FUZZ_UINT", c_value, lo, hi);
        if (v < lo || v > hi) contract_broken("parse_env_uint returned a value out of range", value);
        break;
      }
      case 2: {
        uint32_t v = gex::bootstrap::parse_rank_count("FUZZ_RANKS", c_value);
        if (v < 1 || v > gex::bootstrap::kMaxRanks) contract_broken("parse_rank_count out of range", value);
        break;
      }
      case 3: {
        double v = gex::bootstrap::parse_seconds("FUZZ_SECONDS", c_value);
        if (!(v >= 0 && v <= 3600)) contract_broken("parse_seconds out of range", value);
        break;
      }
      case 4: {
        std::string id = gex::bootstrap::validate_job_id("FUZZ_JOB_ID", c_value);
        if (id.empty() || id.size() > 40) contract_broken("validate_job_id accepted a bad length", value);
        for (char ch : id)
          if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '.')
            contract_broken("validate_job_id accepted a character outside [A-Za-z0-9_.]", value);
        break;
      }
      case 5: check_int(value); break;
      case 6: check_bool(value); break;
    }
  } catch (const std::invalid_argument &error) {
    // Rejected: the message must name the variable.
    if (!std::strstr(error.what(), "FUZZ_")) contract_broken("a rejection message does not name the variable", value);
  }
  return 0;
}
