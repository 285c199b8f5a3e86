#include "bootstrap/shm_object.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "bootstrap/bootstrap.h"

namespace gex::bootstrap {
namespace {

void *map_fd(int fd, size_t bytes, const std::string &name, std::string &error) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) {
    error = "mmap of " + std::to_string(bytes) + " bytes of " + name + " failed: " + std::strerror(errno);
    return nullptr;
  }
  return p;
}

}  // namespace

void *shm_create(const std::string &name, size_t bytes, std::string &error) {
  int fd = shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
  if (fd < 0) {
    const int e = errno;
    error = "shm_open(" + name + ") failed: " + std::strerror(e);
    errno = e;
    return nullptr;
  }
  if (ftruncate(fd, off_t(bytes)) != 0) {
    const int e = errno;
    error = "cannot size " + name + " to " + std::to_string(bytes) + " bytes (is /dev/shm full?): " + std::strerror(e);
    close(fd);
    shm_unlink(name.c_str());
    errno = e;
    return nullptr;
  }
  void *p = map_fd(fd, bytes, name, error);
  const int e = errno;
  close(fd);
  if (!p) shm_unlink(name.c_str());
  errno = e;
  return p;
}

void *shm_open_existing(const std::string &name, size_t &bytes, std::string &error) {
  int fd = shm_open(name.c_str(), O_RDWR, 0600);
  if (fd < 0) {
    error = "shm_open(" + name + ") failed: " + std::strerror(errno);
    return nullptr;
  }
  if (bytes == 0) {
    struct stat st {};
    if (fstat(fd, &st) != 0 || st.st_size <= 0) {
      error = name + " is empty or cannot be examined";
      close(fd);
      return nullptr;
    }
    bytes = size_t(st.st_size);
  }
  void *p = map_fd(fd, bytes, name, error);
  close(fd);
  return p;
}

void *shm_create_or_die(const std::string &name, size_t bytes, const char *who) {
  std::string error;
  void *p = shm_create(name, bytes, error);
  if (!p) fatal(std::string(who) + ": " + error);
  return p;
}

void *shm_open_or_die(const std::string &name, size_t bytes, const char *who) {
  std::string error;
  void *p = shm_open_existing(name, bytes, error);
  if (!p) fatal(std::string(who) + ": " + error);
  return p;
}

void shm_unmap(void *addr, size_t bytes) noexcept {
  if (addr && bytes) munmap(addr, bytes);
}

void shm_remove(const std::string &name) noexcept { shm_unlink(name.c_str()); }

}  // namespace gex::bootstrap
