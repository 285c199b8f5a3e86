// Environment variables the runtime reads. A bad value is a fatal error naming the variable
// and the value, never a silent default. GASNET_VERBOSEENV=1 makes rank 0 print every
// variable read and the value used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gex::runtime {

// A byte count: decimal with an optional K/M/G/T suffix (optionally followed by B), in [min, max].
size_t env_size(const char *name, size_t dflt, size_t min, size_t max);
// An integer in [min, max].
int64_t env_int(const char *name, int64_t dflt, int64_t min, int64_t max);
// 1/0, yes/no, true/false, on/off (any case).
bool env_bool(const char *name, bool dflt);

// Parses a byte count as env_size does; returns false on a malformed value.
bool parse_size(const std::string &text, size_t &out);
// Parses a decimal integer as env_int does: an optional sign, then digits only (no spaces, no
// base prefix); false on a malformed value or one outside int64_t.
bool parse_int(const std::string &text, int64_t &out);
// Parses a boolean as env_bool does (1/0, yes/no, true/false, on/off, y/n, any case).
bool parse_bool(const std::string &text, bool &out);

}  // namespace gex::runtime
