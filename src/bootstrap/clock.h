// The runtime's one clock: CLOCK_MONOTONIC in nanoseconds. It is the same clock in every process
// of the host, so a deadline one process stores in the control block means the same instant to
// the others. diag::now_ns is its unsigned view (trace timestamps, timeouts).
#pragma once

#include <cstdint>
#include <ctime>

namespace gex::bootstrap {

inline int64_t monotonic_ns() noexcept {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return int64_t(now.tv_sec) * 1000000000 + now.tv_nsec;
}

}  // namespace gex::bootstrap
