#include "bootstrap/env_values.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace gex::bootstrap {

namespace {

std::string shown(const char *value) { return value ? std::string(value) : std::string(); }

}  // namespace

uint32_t parse_env_uint(const char *variable, const char *value, uint32_t min, uint32_t max) {
  const std::string expected = "expected an integer from " + std::to_string(min) + " to " +
                               std::to_string(max);
  if (!value || !*value)
    throw std::invalid_argument(std::string(variable) + " is empty: " + expected);
  // strtoul accepts leading blanks and a sign; a count must be plain digits.
  for (const char *c = value; *c; ++c)
    if (!std::isdigit(static_cast<unsigned char>(*c)))
      throw std::invalid_argument(std::string(variable) + "=" + shown(value) +
                                  " is not valid: " + expected);
  errno = 0;
  const unsigned long long parsed = std::strtoull(value, nullptr, 10);
  if (errno == ERANGE || parsed < min || parsed > max)
    throw std::invalid_argument(std::string(variable) + "=" + shown(value) +
                                " is out of range: " + expected);
  return static_cast<uint32_t>(parsed);
}

uint32_t parse_rank_count(const char *variable, const char *value) {
  return parse_env_uint(variable, value, 1, kMaxRanks);
}

double parse_seconds(const char *variable, const char *value) {
  const std::string expected = "expected a number of seconds from 0 to 3600";
  if (!value || !*value)
    throw std::invalid_argument(std::string(variable) + " is empty: " + expected);
  char *end = nullptr;
  errno = 0;
  const double seconds = std::strtod(value, &end);
  if (end == value || *end != '\0' || errno == ERANGE || !std::isfinite(seconds) ||
      std::isspace(static_cast<unsigned char>(*value)))
    throw std::invalid_argument(std::string(variable) + "=" + shown(value) +
                                " is not valid: " + expected);
  if (seconds < 0 || seconds > 3600)
    throw std::invalid_argument(std::string(variable) + "=" + shown(value) +
                                " is out of range: " + expected);
  return seconds;
}

std::string validate_job_id(const char *variable, const char *value) {
  const std::string expected = "expected 1 to 40 characters from [A-Za-z0-9_.]";
  if (!value || !*value)
    throw std::invalid_argument(std::string(variable) + " is empty: " + expected);
  const size_t length = std::strlen(value);
  bool valid = length <= 40;
  for (const char *c = value; valid && *c; ++c)
    valid = std::isalnum(static_cast<unsigned char>(*c)) || *c == '_' || *c == '.';
  if (!valid)
    throw std::invalid_argument(std::string(variable) + "=" + shown(value) +
                                " is not valid: " + expected);
  return value;
}

const char *env_or_null(const char *variable) {
  const char *value = std::getenv(variable);
  return value && *value ? value : nullptr;
}

}  // namespace gex::bootstrap
