// Freeing a thread's cached memory when the thread ends, without a destructor on the cache.
//
// A thread_local with a non-trivial destructor gets a guard test on every access; the hot caches
// (the loopback AM buffers, the NPAM buffer, the collective Op cache) are constinit and trivially
// destructible instead, so each access is a plain TLS load. arm_thread_reaper<Free>() registers
// Free to run when the calling thread ends: call it on the cold path where the thread first puts
// something in its cache (calling it again is one guard test).
#pragma once

namespace gex::runtime {

template <void (*Free)() noexcept>
[[gnu::cold, gnu::noinline]] void arm_thread_reaper() noexcept {
  struct Reaper {
    ~Reaper() { Free(); }
  };
  static thread_local Reaper reaper;  // constructed, and its destructor registered, here
}

}  // namespace gex::runtime
