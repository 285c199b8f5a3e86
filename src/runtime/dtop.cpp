#include "runtime/dtop.h"

#include <cstdio>

namespace gex::runtime {

const char *dt_name(gex_DT_t dt) {
  switch (dt) {
    case GEX_DT_I32: return "GEX_DT_I32";
    case GEX_DT_U32: return "GEX_DT_U32";
    case GEX_DT_I64: return "GEX_DT_I64";
    case GEX_DT_U64: return "GEX_DT_U64";
    case GEX_DT_FLT: return "GEX_DT_FLT";
    case GEX_DT_DBL: return "GEX_DT_DBL";
    case GEX_DT_USER: return "GEX_DT_USER";
  }
  return nullptr;
}

const char *op_name(gex_OP_t op) {
  switch (op) {
    case GEX_OP_ADD: return "GEX_OP_ADD";
    case GEX_OP_MULT: return "GEX_OP_MULT";
    case GEX_OP_MIN: return "GEX_OP_MIN";
    case GEX_OP_MAX: return "GEX_OP_MAX";
    case GEX_OP_SUB: return "GEX_OP_SUB";
    case GEX_OP_INC: return "GEX_OP_INC";
    case GEX_OP_DEC: return "GEX_OP_DEC";
    case GEX_OP_AND: return "GEX_OP_AND";
    case GEX_OP_OR: return "GEX_OP_OR";
    case GEX_OP_XOR: return "GEX_OP_XOR";
    case GEX_OP_SET: return "GEX_OP_SET";
    case GEX_OP_CAS: return "GEX_OP_CAS";
    case GEX_OP_USER: return "GEX_OP_USER";
    case GEX_OP_USER_NC: return "GEX_OP_USER_NC";
    case GEX_OP_FADD: return "GEX_OP_FADD";
    case GEX_OP_FMULT: return "GEX_OP_FMULT";
    case GEX_OP_FMIN: return "GEX_OP_FMIN";
    case GEX_OP_FMAX: return "GEX_OP_FMAX";
    case GEX_OP_FSUB: return "GEX_OP_FSUB";
    case GEX_OP_FINC: return "GEX_OP_FINC";
    case GEX_OP_FDEC: return "GEX_OP_FDEC";
    case GEX_OP_FAND: return "GEX_OP_FAND";
    case GEX_OP_FOR: return "GEX_OP_FOR";
    case GEX_OP_FXOR: return "GEX_OP_FXOR";
    case GEX_OP_SWAP: return "GEX_OP_SWAP";
    case GEX_OP_FCAS: return "GEX_OP_FCAS";
    case GEX_OP_GET: return "GEX_OP_GET";
  }
  return nullptr;
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return buf;
}

std::string dt_str(gex_DT_t dt) {
  const char *n = dt_name(dt);
  return n ? n : "dt=" + hex(dt);
}

// "GEX_OP_FADD|GEX_OP_CAS" for a mask; unknown bits in hex.
std::string ops_str(gex_OP_t ops) {
  std::string s;
  for (unsigned bit = 0; bit < 32; ++bit) {
    const gex_OP_t op = gex_OP_t(1) << bit;
    if (!(ops & op)) continue;
    if (!s.empty()) s += '|';
    const char *n = op_name(op);
    s += n ? std::string(n) : hex(op);
  }
  return s.empty() ? "0" : s;
}

size_t builtin_dt_size(gex_DT_t dt) {
  switch (dt) {
    case GEX_DT_I32: case GEX_DT_U32: case GEX_DT_FLT: return 4;
    case GEX_DT_I64: case GEX_DT_U64: case GEX_DT_DBL: return 8;
  }
  return 0;
}

}  // namespace gex::runtime
