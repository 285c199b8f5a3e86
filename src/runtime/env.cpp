#include "runtime/env.h"

#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

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

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }
void trim(std::string_view &s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A decimal number at the front of s: digits ['.' digits] or '.' digits. The integer part is
// exact (false on overflow); the fractional part is a double in [0, 1).
struct Decimal {
  uint64_t whole = 0;
  double fraction = 0;
  double value() const { return double(whole) + fraction; }
};
bool take_decimal(std::string_view &s, Decimal &d) {
  size_t i = 0, digits = 0;
  for (; i < s.size() && is_digit(s[i]); ++i, ++digits) {
    const unsigned digit = unsigned(s[i] - '0');
    if (d.whole > (UINT64_MAX - digit) / 10) return false;
    d.whole = d.whole * 10 + digit;
  }
  if (i < s.size() && s[i] == '.') {
    double scale = 0.1;
    for (++i; i < s.size() && is_digit(s[i]); ++i, ++digits, scale /= 10) d.fraction += (s[i] - '0') * scale;
  }
  if (digits == 0) return false;
  s.remove_prefix(i);
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  return true;
}

uint64_t physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

}  // namespace

bool parse_memsize(const std::string &text, const MemsizeContext &context, uint64_t &out) {
  std::string_view s(text);
  trim(s);
  // The scope suffix: "/H" (host-wide), "/P" (per process, the default), with or without the '/'.
  bool per_host = false;
  if (!s.empty() && (std::toupper(static_cast<unsigned char>(s.back())) == 'P' ||
                     std::toupper(static_cast<unsigned char>(s.back())) == 'H')) {
    per_host = std::toupper(static_cast<unsigned char>(s.back())) == 'H';
    s.remove_suffix(1);
    trim(s);
    if (!s.empty() && s.back() == '/') s.remove_suffix(1);
    trim(s);
  }
  Decimal number;
  if (!take_decimal(s, number)) return false;

  uint64_t bytes = 0;
  // A share of physical memory; f in (0, 1].
  auto share_of_memory = [&](double f) {
    if (context.physical_memory == 0 || !(f > 0) || f > 1) return false;
    bytes = uint64_t(f * double(context.physical_memory));
    return true;
  };
  // A plain number: below 1 a fraction of memory, from 1 on a byte count (GASNet drops the rest).
  auto plain = [&](double v, uint64_t whole) {
    if (v > 0 && v < 1) return share_of_memory(v);
    if (!(v < 18446744073709551616.0)) return false;
    bytes = whole;
    return true;
  };
  if (s.empty()) {
    if (!plain(number.value(), number.whole)) return false;
  } else if (s.front() == '%') {
    s.remove_prefix(1);
    trim(s);
    if (!s.empty() || !share_of_memory(number.value() / 100)) return false;
  } else if (s.front() == '/') {
    s.remove_prefix(1);
    Decimal denominator;
    if (!take_decimal(s, denominator) || !s.empty() || !(denominator.value() > 0)) return false;
    const double ratio = number.value() / denominator.value();
    if (!plain(ratio, uint64_t(ratio < 18446744073709551616.0 ? ratio : 0))) return false;
  } else {
    unsigned shift = 0;
    switch (std::toupper(static_cast<unsigned char>(s.front()))) {
      case 'K': shift = 10; break;
      case 'M': shift = 20; break;
      case 'G': shift = 30; break;
      case 'T': shift = 40; break;
      case 'B': shift = 0; break;
      default: return false;
    }
    s.remove_prefix(1);
    if (shift && !s.empty() && std::toupper(static_cast<unsigned char>(s.front())) == 'B') s.remove_prefix(1);
    trim(s);
    if (!s.empty()) return false;
    if (number.whole > (UINT64_MAX >> shift)) return false;
    // whole << shift leaves room for the fractional part, which is below 1 << shift.
    bytes = (number.whole << shift) + uint64_t(number.fraction * double(uint64_t(1) << shift));
  }
  if (per_host) bytes /= context.ranks_on_host ? context.ranks_on_host : 1;
  out = bytes;
  return true;
}

bool parse_size(const std::string &text, size_t &out) {
  uint64_t v = 0;
  if (!parse_memsize(text, MemsizeContext{}, v) || v > SIZE_MAX) return false;
  out = size_t(v);
  return true;
}

bool parse_size_mb(const std::string &text, size_t &out) {
  std::string_view s(text);
  trim(s);
  bool plain = !s.empty();
  for (char c : s) plain = plain && (is_digit(c) || c == '.');
  return parse_size(plain ? std::string(s) + "M" : text, out);
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

namespace {

// Reads one variable: the default when it is unset, else `parse(text, out)`, which is false for
// a bad value (`expected` says what was wanted); GASNET_VERBOSEENV shows what was used,
// `show(value, text)` formats it (text is null for the default).
template <typename T, typename Parse, typename Show>
T read_env(const char *name, T dflt, Parse parse, const std::string &expected, Show show) {
  const char *v = bootstrap::env_or_null(name);
  if (!v) {
    report(name, show(dflt, nullptr), true);
    return dflt;
  }
  T out{};
  if (!parse(v, out)) bad_value(name, v, expected);
  report(name, show(out, v), false);
  return out;
}

// A size as GASNet shows it: the text, and the bytes it came to when that is not the same string.
std::string show_size(uint64_t bytes, const char *text) {
  const std::string b = std::to_string(bytes);
  return !text || b == text ? b : std::string(text) + " (" + b + ")";
}

}  // namespace

size_t env_size(const char *name, size_t dflt, size_t min, size_t max) {
  MemsizeContext context;
  context.physical_memory = physical_memory();
  context.ranks_on_host = bootstrap::joined() ? bootstrap::job().size : 1;
  return size_t(read_env<uint64_t>(
      name, dflt,
      [&](const char *v, uint64_t &out) { return parse_memsize(v, context, out) && out >= min && out <= max; },
      "a memory size (such as 512M, 2GB, 128.0MB/P, 0.5/H or 85%) from " + std::to_string(min) + " to " +
          std::to_string(max) + " bytes",
      show_size));
}

size_t env_size_mb(const char *name, size_t dflt, size_t min, size_t max) {
  return read_env<size_t>(
      name, dflt, [&](const char *v, size_t &out) { return parse_size_mb(v, out) && out >= min && out <= max; },
      "a memory size in megabytes, or with a unit (such as 64, 512KB, 2GB), from " + std::to_string(min) + " to " +
          std::to_string(max) + " bytes",
      show_size);
}

int64_t env_int(const char *name, int64_t dflt, int64_t min, int64_t max) {
  return read_env<int64_t>(
      name, dflt, [&](const char *v, int64_t &out) { return parse_int(v, out) && out >= min && out <= max; },
      "an integer from " + std::to_string(min) + " to " + std::to_string(max),
      [](int64_t value, const char *) { return std::to_string(value); });
}

bool env_bool(const char *name, bool dflt) {
  return read_env<bool>(
      name, dflt, [](const char *v, bool &out) { return parse_bool(v, out); },
      "a boolean (1/0, yes/no, true/false, on/off)", [](bool value, const char *) { return std::string(value ? "1" : "0"); });
}

}  // namespace gex::runtime
