// The messages between gexrun and its host agents in a multi-host job (docs/launch.md,
// "Jobs on several hosts"): framed records over one TCP connection per host.
//
// A frame is a 4-byte little-endian length (of what follows), a 1-byte type and the payload.
// Payloads are built with Writer and read with Reader; integers are little-endian (every host
// of a job runs the same build on the same kind of machine, but the format does not rely on it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gex::bootstrap::wire {

enum class Type : uint8_t {
  Hello = 1,        // agent -> gexrun: cookie, host index
  Setup = 2,        // gexrun -> agent: job id, size, each rank's host, the host names
  Barrier = 3,      // agent -> gexrun: generation, bytes per rank, this host's ranks' bytes
  BarrierDone = 4,  // gexrun -> agent: generation, bytes per rank, every rank's bytes
  Ending = 5,       // both ways: the job is ending (code, and whether at once)
  RankState = 6,    // both ways: a rank's new state (RankState of control_block.h)
  Done = 7,         // agent -> gexrun: this host's ranks are all gone (the host's exit code)
  Heartbeat = 8,    // both ways, every second: the other side is alive
  Signal = 9,       // both ways: send a signal to a rank (rank, signal), to the rank's host
};

inline constexpr uint32_t kMaxFrameBytes = 64u << 20;

class Writer {
 public:
  explicit Writer(Type type) { bytes_.resize(5); bytes_[4] = static_cast<uint8_t>(type); }
  Writer &u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes_.push_back(uint8_t(v >> (8 * i)));
    return *this;
  }
  Writer &i32(int32_t v) { return u32(static_cast<uint32_t>(v)); }
  Writer &str(const std::string &s) {
    u32(static_cast<uint32_t>(s.size()));
    bytes_.insert(bytes_.end(), s.begin(), s.end());
    return *this;
  }
  Writer &raw(const void *data, size_t n) {
    const auto *p = static_cast<const uint8_t *>(data);
    bytes_.insert(bytes_.end(), p, p + n);
    return *this;
  }
  // The finished frame (length filled in).
  std::vector<uint8_t> frame() {
    const uint32_t n = static_cast<uint32_t>(bytes_.size() - 4);
    for (int i = 0; i < 4; ++i) bytes_[i] = uint8_t(n >> (8 * i));
    return std::move(bytes_);
  }

 private:
  std::vector<uint8_t> bytes_;
};

// Reads one frame's payload; throws std::runtime_error on a short or malformed payload.
class Reader {
 public:
  Reader(const uint8_t *data, size_t n) : p_(data), end_(data + n) {}
  uint32_t u32() {
    need(4);
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t(p_[i]) << (8 * i);
    p_ += 4;
    return v;
  }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  std::string str() {
    const uint32_t n = u32();
    need(n);
    std::string s(reinterpret_cast<const char *>(p_), n);
    p_ += n;
    return s;
  }
  const uint8_t *raw(size_t n) {
    need(n);
    const uint8_t *at = p_;
    p_ += n;
    return at;
  }

 private:
  void need(size_t n) const {
    if (size_t(end_ - p_) < n) throw std::runtime_error("truncated message");
  }
  const uint8_t *p_;
  const uint8_t *end_;
};

struct Frame {
  Type type;
  std::vector<uint8_t> payload;
  Reader reader() const { return Reader(payload.data(), payload.size()); }
};

// One non-blocking TCP connection: frames queued for sending go out as the socket takes them
// (flush), and bytes that arrive are cut into frames (receive). Never blocks.
class Connection {
 public:
  Connection() = default;
  explicit Connection(int fd);
  ~Connection();
  Connection(const Connection &) = delete;
  Connection &operator=(const Connection &) = delete;
  Connection(Connection &&other) noexcept;
  Connection &operator=(Connection &&other) noexcept;

  int fd() const { return fd_; }
  bool open() const { return fd_ >= 0; }
  void close();
  void send(std::vector<uint8_t> frame);
  // Writes what the socket takes now. Returns false when the peer is gone.
  bool flush();
  bool wants_to_write() const { return sent_ < out_.size(); }
  // Reads what has arrived and appends complete frames to `frames`. Returns false when the
  // peer closed the connection or it failed (frames read before are still appended).
  bool receive(std::vector<Frame> &frames);
  // Blocks (up to timeout_ms, -1 for ever) until everything queued is written.
  bool flush_blocking(int timeout_ms);

 private:
  int fd_ = -1;
  std::vector<uint8_t> out_;
  size_t sent_ = 0;
  std::vector<uint8_t> in_;
};

// "host:port" -> a connected socket (blocking connect, then made non-blocking). Throws
// std::runtime_error naming the address on failure.
int connect_to(const std::string &address, int timeout_ms);
// A listening socket on all IPv4 addresses on an ephemeral port; *port gets the port.
int listen_any(uint16_t *port);
// The first non-loopback IPv4 address of this host, or 127.0.0.1 when it has none.
std::string default_address();

}  // namespace gex::bootstrap::wire
