#include "bootstrap/wire.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace gex::bootstrap::wire {

namespace {

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

void set_options(int fd) {
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // barriers are latency-bound
  fcntl(fd, F_SETFD, FD_CLOEXEC);                                // not inherited by the ranks
}

}  // namespace

Connection::Connection(int fd) : fd_(fd) {
  set_nonblocking(fd_);
  set_options(fd_);
}

Connection::~Connection() { close(); }

Connection::Connection(Connection &&other) noexcept { *this = std::move(other); }

Connection &Connection::operator=(Connection &&other) noexcept {
  if (this != &other) {
    close();
    fd_ = other.fd_;
    out_ = std::move(other.out_);
    sent_ = other.sent_;
    in_ = std::move(other.in_);
    other.fd_ = -1;
    other.sent_ = 0;
  }
  return *this;
}

void Connection::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void Connection::send(std::vector<uint8_t> frame) {
  if (sent_ == out_.size()) {
    out_.clear();
    sent_ = 0;
  }
  out_.insert(out_.end(), frame.begin(), frame.end());
}

bool Connection::flush() {
  while (fd_ >= 0 && sent_ < out_.size()) {
    const ssize_t n = ::send(fd_, out_.data() + sent_, out_.size() - sent_, MSG_NOSIGNAL);
    if (n > 0) {
      sent_ += size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    return false;
  }
  return fd_ >= 0;
}

bool Connection::flush_blocking(int timeout_ms) {
  while (wants_to_write()) {
    if (!flush()) return false;
    if (!wants_to_write()) break;
    pollfd p{fd_, POLLOUT, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return false;
  }
  return true;
}

bool Connection::receive(std::vector<Frame> &frames) {
  bool alive = fd_ >= 0;
  uint8_t buffer[65536];
  while (alive) {
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n > 0) {
      in_.insert(in_.end(), buffer, buffer + n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    alive = false;  // 0: closed by the peer; otherwise an error
  }
  size_t at = 0;
  while (in_.size() - at >= 5) {
    uint32_t n = 0;
    for (int i = 0; i < 4; ++i) n |= uint32_t(in_[at + i]) << (8 * i);
    if (n == 0 || n > kMaxFrameBytes) return false;  // not our protocol
    if (in_.size() - at - 4 < n) break;
    Frame frame;
    frame.type = static_cast<Type>(in_[at + 4]);
    frame.payload.assign(in_.begin() + std::ptrdiff_t(at + 5), in_.begin() + std::ptrdiff_t(at + 4 + n));
    frames.push_back(std::move(frame));
    at += 4 + n;
  }
  in_.erase(in_.begin(), in_.begin() + std::ptrdiff_t(at));
  return alive;
}

int connect_to(const std::string &address, int timeout_ms) {
  const size_t colon = address.rfind(':');
  if (colon == std::string::npos || colon == 0)
    throw std::runtime_error("'" + address + "' is not host:port");
  const std::string host = address.substr(0, colon);
  const std::string port = address.substr(colon + 1);
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  if (const int rc = getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0)
    throw std::runtime_error("cannot resolve " + address + ": " + gai_strerror(rc));
  std::string last_error = "no address";
  for (addrinfo *a = found; a; a = a->ai_next) {
    const int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    set_nonblocking(fd);
    int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
    if (rc < 0 && errno == EINPROGRESS) {
      pollfd p{fd, POLLOUT, 0};
      rc = poll(&p, 1, timeout_ms) == 1 ? 0 : -1;
      int error = rc == 0 ? 0 : ETIMEDOUT;
      socklen_t len = sizeof error;
      if (rc == 0) getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len);
      if (error) {
        errno = error;
        rc = -1;
      }
    }
    if (rc == 0) {
      freeaddrinfo(found);
      return fd;
    }
    last_error = std::strerror(errno);
    ::close(fd);
  }
  freeaddrinfo(found);
  throw std::runtime_error("cannot connect to " + address + ": " + last_error);
}

int listen_any(uint16_t *port) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_ANY);
  addr.sin_port = 0;
  if (bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || listen(fd, 128) != 0) {
    const std::string error = std::strerror(errno);
    ::close(fd);
    throw std::runtime_error("cannot listen for the host agents: " + error);
  }
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len);
  *port = ntohs(addr.sin_port);
  set_nonblocking(fd);
  return fd;
}

std::string default_address() {
  ifaddrs *list = nullptr;
  std::string found = "127.0.0.1";
  if (getifaddrs(&list) != 0) return found;
  for (ifaddrs *i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    const auto *in = reinterpret_cast<const sockaddr_in *>(i->ifa_addr);
    if ((ntohl(in->sin_addr.s_addr) >> 24) == 127) continue;
    char text[INET_ADDRSTRLEN] = {};
    inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
    found = text;
    break;
  }
  freeifaddrs(list);
  return found;
}

}  // namespace gex::bootstrap::wire
