// Parsing and validation of the environment variables the bootstrap reads. Each parser throws
// std::invalid_argument with a message that names the variable and the offending value.
#pragma once

#include <cstdint>
#include <string>

namespace gex::bootstrap {

inline constexpr uint32_t kMaxRanks = 4096;

// An unsigned decimal integer in [min, max] (no sign, no trailing text).
uint32_t parse_env_uint(const char *variable, const char *value, uint32_t min, uint32_t max);

// GASNET_PSHM_NODES, GEX_SIZE: a rank count in 1..kMaxRanks.
uint32_t parse_rank_count(const char *variable, const char *value);

// GEX_EXIT_TIMEOUT: seconds in [0, 3600], fractions allowed.
double parse_seconds(const char *variable, const char *value);

// GEX_JOB_ID: 1 to 40 characters from [A-Za-z0-9_.], so that "/gex-<id>-" is a valid shm name
// prefix and cannot be the prefix of another job's objects.
std::string validate_job_id(const char *variable, const char *value);

// Returns getenv(variable), or nullptr when unset or empty.
const char *env_or_null(const char *variable);

}  // namespace gex::bootstrap
