// The one helper that creates, opens and maps POSIX shared-memory objects (/dev/shm). Every
// shared object of a job goes through it: the launcher's control block, the smp conduit's
// queues and segments, the collectives' shared area.
#pragma once

#include <cstddef>
#include <string>

namespace gex::bootstrap {

// Creates `name` (it must not exist), sizes it to `bytes` (zero-filled) and maps it read-write.
// On failure returns nullptr, sets `error` to what failed and leaves errno as the failing call
// set it (EEXIST: the object exists); the object is not left behind.
void *shm_create(const std::string &name, size_t bytes, std::string &error);
// Maps an existing object. bytes == 0: its whole current size, stored into `bytes`.
void *shm_open_existing(const std::string &name, size_t &bytes, std::string &error);

// The same, ending the job with "<who>: <what failed>" on failure (ranks' use).
void *shm_create_or_die(const std::string &name, size_t bytes, const char *who);
void *shm_open_or_die(const std::string &name, size_t bytes, const char *who);

void shm_unmap(void *addr, size_t bytes) noexcept;
void shm_remove(const std::string &name) noexcept;  // unlink; a missing object is not an error

}  // namespace gex::bootstrap
