// Diagnostics that need no rebuild: statistics (GEX_STATS, GASNET_STATSFILE), a Chrome/Perfetto
// trace (GEX_TRACE) and a crash backtrace (GASNET_BACKTRACE). See docs/diagnostics.md.
//
// The hooks in the API and runtime layers cost one predicted-false branch on g_on when
// statistics and tracing are off: Scope's constructor tests it, its destructor tests a member
// the constructor left at zero. Everything else lives out of line in diag.cpp.
#pragma once

#include <cstdint>

#include "bootstrap/clock.h"
#include "transport/transport.h"

namespace gex::diag {

// What is being recorded; set once by init(), before any communication, never changed after.
enum : uint32_t { kStats = 1, kTrace = 2 };
extern uint32_t g_on;
inline bool on() noexcept { return __builtin_expect(g_on != 0, 0); }

// Operation kinds. Names (op_name) are what the statistics lines and trace events print.
enum class Op : uint8_t {
  PutBlocking, PutNB, PutNBI, GetBlocking, GetNB, GetNBI,
  // AMs sent through the API (fixed payload and NPAM commits): client ones by direction and category
  SendRequestShort, SendRequestMedium, SendRequestLong,
  SendReplyShort, SendReplyMedium, SendReplyLong,
  SendImmediateNoop,  // GEX_FLAG_IMMEDIATE send that found no room (nothing sent)
  SendInternal,       // the runtime's own AMs that go through the API (extended-ref RMA, ...)
  // Handlers run on this rank for client AMs, by direction and category
  HandleRequestShort, HandleRequestMedium, HandleRequestLong,
  HandleReplyShort, HandleReplyMedium, HandleReplyLong,
  HandleInternal,  // the runtime's own handlers (extended-ref RMA, collectives, atomics, ...)
  WaitRma,         // a blocking RMA waiting for its completion over the AM path
  // The registration cache (src/firehose/): pins by outcome (counted, not traced), the pins and
  // unpins it asked the transport for (count = pages or regions), and each move callback (traced)
  FirehoseLocalHit, FirehoseLocalMiss, FirehoseRemoteHit, FirehoseRemoteMiss,
  FirehosePin, FirehoseUnpin, FirehoseMove,
  kCount
};
const char *op_name(Op op) noexcept;

// Reads GEX_STATS, GASNET_STATSFILE, GEX_TRACE, GEX_TRACE_MAX and GASNET_BACKTRACE; installs the
// crash handlers and the exit hooks. Called once from gex_Client_Init, after the job is joined.
void init();

// Writes the statistics and the trace now (once; later calls do nothing). Run by the exit
// hooks: return from main, exit(), gasnet_exit, a fatal error, leaving an ending job.
void finish() noexcept;

// The runtime's clock (bootstrap/clock.h), unsigned.
inline uint64_t now_ns() noexcept { return uint64_t(bootstrap::monotonic_ns()); }
void record(Op op, uint32_t peer, uint64_t bytes, uint64_t t0, uint64_t t1, uint32_t handler) noexcept;
// Adds to an operation's statistics without a trace event or a time (events too frequent to trace).
void count(Op op, uint32_t peer, uint64_t bytes, uint64_t n = 1) noexcept;

// Times the enclosing block as one operation (statistics and a trace event).
class Scope {
 public:
  Scope(Op op, uint32_t peer, uint64_t bytes, uint32_t handler = 0) noexcept {
    if (on()) {
      op_ = op, peer_ = peer, bytes_ = bytes, handler_ = handler;
      t0_ = now_ns();
    }
  }
  ~Scope() {
    if (__builtin_expect(t0_ != 0, 0)) record(op_, peer_, bytes_, t0_, now_ns(), handler_);
  }
  Scope(const Scope &) = delete;
  Scope &operator=(const Scope &) = delete;

 private:
  uint64_t t0_ = 0;
  uint64_t bytes_;
  uint32_t peer_;
  uint32_t handler_;
  Op op_;
};

// The hook in deliver_am: one handler run.
Op handle_op(const transport::AmMessage &m) noexcept;
class HandlerScope {
 public:
  explicit HandlerScope(const transport::AmMessage &m) noexcept : m_(&m) {
    if (on()) t0_ = now_ns();
  }
  ~HandlerScope() {
    if (__builtin_expect(t0_ != 0, 0)) record(handle_op(*m_), m_->src_jobrank, m_->nbytes, t0_, now_ns(), m_->handler);
  }
  HandlerScope(const HandlerScope &) = delete;
  HandlerScope &operator=(const HandlerScope &) = delete;

 private:
  const transport::AmMessage *m_;
  uint64_t t0_ = 0;
};

// The hook for AM injection (runtime::send_am): records one send, or an IMMEDIATE no-op
// (sent == false), with the time spent waiting for room since t0_ns (now_ns()).
void record_send(uint32_t dest, const transport::AmMessage &m, bool sent, uint64_t t0_ns);

}  // namespace gex::diag
