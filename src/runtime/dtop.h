// Names and sizes of the GEX_DT_* data types and GEX_OP_* operations, shared by the services
// that take them (collectives, remote atomics) so their error messages read the same.
#pragma once

#include <gasnetex.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace gex::runtime {

const char *dt_name(gex_DT_t dt);   // "GEX_DT_I32", ...; nullptr when not one data type
const char *op_name(gex_OP_t op);   // "GEX_OP_FADD", ...; nullptr when not one operation
size_t builtin_dt_size(gex_DT_t dt);  // bytes of a built-in type; 0 for GEX_DT_USER or unknown
std::string hex(uint64_t v);         // "0x1f"
std::string dt_str(gex_DT_t dt);     // the name, or "dt=0x..." for an unknown value
std::string ops_str(gex_OP_t ops);   // "GEX_OP_FADD|GEX_OP_CAS" for a mask; unknown bits in hex

}  // namespace gex::runtime
