#include "runtime/env.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bootstrap/bootstrap.h"
#include "bootstrap/env_values.h"

namespace gex::runtime {
namespace {

void report(const char *name, const std::string &value, bool is_default) {
  static const bool verbose = [] {
    const char *v = bootstrap::env_or_null("GASNET_VERBOSEENV");
    return v && v[0] != '0';
  }();
  if (verbose && (!bootstrap::joined() || bootstrap::job().rank == 0))
    std::fprintf(stderr, "ENV parameter: %s = %s%s\n", name, value.c_str(), is_default ? "   (default)" : "");
}

[[noreturn]] void bad_value(const char *name, const char *value, const std::string &expected) {
  bootstrap::fatal(std::string("environment variable ") + name + "='" + value + "' is invalid: expected " + expected);
}

}  // namespace

bool parse_size(const std::string &text, size_t &out) {
  size_t i = 0;
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  unsigned long long v = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    unsigned long long next = v * 10 + unsigned(text[i] - '0');
    if (next / 10 != v) return false;  // overflow
    v = next;
    ++i;
  }
  unsigned shift = 0;
  if (i < text.size()) {
    switch (std::toupper(static_cast<unsigned char>(text[i]))) {
      case 'K': shift = 10; break;
      case 'M': shift = 20; break;
      case 'G': shift = 30; break;
      case 'T': shift = 40; break;
      default: return false;
    }
    ++i;
    if (i < text.size() && std::toupper(static_cast<unsigned char>(text[i])) == 'B') ++i;
  }
  if (i != text.size()) return false;
  if (shift && v > (~0ull >> shift)) return false;
  out = size_t(v << shift);
  return true;
}

bool parse_int(const std::string &text, int64_t &out) {
  size_t i = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) ++i;
  if (i == text.size()) return false;
  // Accumulated as a magnitude up to 2^63 (the magnitude of INT64_MIN).
  const uint64_t limit = negative ? uint64_t(1) << 63 : uint64_t(INT64_MAX);
  uint64_t v = 0;
  for (; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return false;
    const unsigned digit = unsigned(text[i] - '0');
    if (v > (limit - digit) / 10) return false;  // v*10 + digit would exceed the limit
    v = v * 10 + digit;
  }
  out = negative ? int64_t(0 - v) : int64_t(v);
  return true;
}

bool parse_bool(const std::string &text, bool &out) {
  std::string s(text);
  for (auto &c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (s == "1" || s == "yes" || s == "true" || s == "on" || s == "y") out = true;
  else if (s == "0" || s == "no" || s == "false" || s == "off" || s == "n") out = false;
  else return false;
  return true;
}

size_t env_size(const char *name, size_t dflt, size_t min, size_t max) {
  const char *v = bootstrap::env_or_null(name);
  if (!v) {
    report(name, std::to_string(dflt), true);
    return dflt;
  }
  size_t out = 0;
  if (!parse_size(v, out) || out < min || out > max)
    bad_value(name, v, "a byte count (suffix K, M, G or T allowed) from " + std::to_string(min) + " to " + std::to_string(max));
  report(name, std::to_string(out), false);
  return out;
}

int64_t env_int(const char *name, int64_t dflt, int64_t min, int64_t max) {
  const char *v = bootstrap::env_or_null(name);
  if (!v) {
    report(name, std::to_string(dflt), true);
    return dflt;
  }
  int64_t out = 0;
  if (!parse_int(v, out) || out < min || out > max)
    bad_value(name, v, "an integer from " + std::to_string(min) + " to " + std::to_string(max));
  report(name, std::to_string(out), false);
  return out;
}

bool env_bool(const char *name, bool dflt) {
  const char *v = bootstrap::env_or_null(name);
  if (!v) {
    report(name, dflt ? "1" : "0", true);
    return dflt;
  }
  bool out = false;
  if (!parse_bool(v, out)) bad_value(name, v, "a boolean (1/0, yes/no, true/false, on/off)");
  report(name, out ? "1" : "0", false);
  return out;
}

}  // namespace gex::runtime
