// gasnett_format_*: the text GASNet's tracing writes for VIS operations and for DT/OP/TI values,
// offered to clients that trace their own calls (gasnet_tools.h). Each formatter has a *_bufsz
// companion that bounds its output; the formatters never write past that bound.
#include <gasnetex.h>
#include <gasnet_tools.h>

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>

#include "runtime/dtop.h"

namespace {

// Appends printf-style text to out.
void append(std::string &out, const char *format, ...) __attribute__((format(printf, 2, 3)));
void append(std::string &out, const char *format, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, format);
  const int n = std::vsnprintf(buf, sizeof buf, format, ap);
  va_end(ap);
  if (n > 0) out.append(buf, size_t(n) < sizeof buf ? size_t(n) : sizeof buf - 1);
}

// Copies text into buf, cut to bufsz bytes (with the NUL).
void emit(char *buf, size_t bufsz, const std::string &text) {
  if (!buf || bufsz == 0) return;
  const size_t n = text.size() < bufsz - 1 ? text.size() : bufsz - 1;
  std::memcpy(buf, text.data(), n);
  buf[n] = '\0';
}

std::string peer(gex_TM_t tm, gex_Rank_t rank) {
  std::string s;
  char addr[32];
  std::snprintf(addr, sizeof addr, "%p", static_cast<void *>(tm));
  append(s, "%u (tm=%s)", unsigned(rank), addr);
  return s;
}

std::string memveclist(size_t count, gex_Memvec_t const *list, gasneti_memveclist_stats_t &stats) {
  stats._minsz = count ? SIZE_MAX : 0;
  stats._maxsz = 0;
  stats._totalsz = 0;
  stats._minaddr = count ? reinterpret_cast<void *>(UINTPTR_MAX) : nullptr;
  stats._maxaddr = nullptr;
  for (size_t i = 0; i < count; ++i) {
    const size_t len = list[i].gex_len;
    const uintptr_t lo = reinterpret_cast<uintptr_t>(list[i].gex_addr);
    if (len < stats._minsz) stats._minsz = len;
    if (len > stats._maxsz) stats._maxsz = len;
    stats._totalsz += len;
    if (len == 0) continue;
    if (lo < reinterpret_cast<uintptr_t>(stats._minaddr)) stats._minaddr = list[i].gex_addr;
    if (lo + len - 1 > reinterpret_cast<uintptr_t>(stats._maxaddr))
      stats._maxaddr = reinterpret_cast<void *>(lo + len - 1);
  }
  if (stats._totalsz == 0) stats._minaddr = stats._maxaddr = nullptr;
  std::string s;
  append(s, "%zu entries, totalsz=%zu, bounds=[%p...%p]\nlist=[", count, size_t(stats._totalsz), stats._minaddr,
         stats._maxaddr);
  for (size_t i = 0; i < count; ++i) {
    append(s, "{%p,%5zu}", list[i].gex_addr, list[i].gex_len);
    if (i + 1 < count) s += (i % 4 == 3) ? ",\n      " : ", ";
  }
  s += "]";
  return s;
}

std::string addrlist(size_t count, void *const *list, size_t len, gasneti_addrlist_stats_t &stats) {
  stats._minaddr = nullptr;
  stats._maxaddr = nullptr;
  for (size_t i = 0; i < count && len; ++i) {
    const uintptr_t lo = reinterpret_cast<uintptr_t>(list[i]);
    if (!stats._minaddr || lo < reinterpret_cast<uintptr_t>(stats._minaddr)) stats._minaddr = list[i];
    if (lo + len - 1 > reinterpret_cast<uintptr_t>(stats._maxaddr)) stats._maxaddr = reinterpret_cast<void *>(lo + len - 1);
  }
  std::string s;
  append(s, "%zu entries, totalsz=%zu, len=%zu, bounds=[%p...%p]\nlist=[", count, count * len, len, stats._minaddr,
         stats._maxaddr);
  for (size_t i = 0; i < count; ++i) {
    append(s, "%p", list[i]);
    if (i + 1 < count) s += (i % 8 == 7) ? ",\n      " : ", ";
  }
  s += "]";
  return s;
}

std::string strides(size_t count, const ptrdiff_t *list) {
  std::string s = "[";
  for (size_t i = 0; i < count; ++i) append(s, i + 1 < count ? "%td, " : "%td", list[i]);
  return s + "]";
}

// Lowest and highest byte a strided transfer touches from base, with its extent in bytes.
size_t strided_bounds(const void *base, const ptrdiff_t strides_[], size_t elemsz, const size_t count[],
                      size_t levels, const void **lowest) {
  ptrdiff_t lo = 0, hi = ptrdiff_t(elemsz) - 1;
  for (size_t i = 0; i < levels; ++i) {
    if (count[i] == 0) {
      *lowest = base;
      return 0;
    }
    const ptrdiff_t reach = ptrdiff_t(count[i] - 1) * strides_[i];
    if (reach < 0) lo += reach;
    else hi += reach;
  }
  *lowest = static_cast<const char *>(base) + lo;
  return size_t(hi - lo + 1);
}

// "GEX_DT_I32|GEX_DT_U64" for a mask; "(empty)" for none; "(invalid)" for a bit with no name.
template <typename NameOf>
size_t format_mask(char *buf, uint64_t value, NameOf name_of) {
  std::string s;
  if (value == 0) s = "(empty)";
  for (unsigned bit = 0; bit < 64 && value; ++bit) {
    const uint64_t one = uint64_t(1) << bit;
    if (!(value & one)) continue;
    const char *name = name_of(one);
    if (!name) {
      s = "(invalid)";
      break;
    }
    if (!s.empty()) s += "|";
    s += name;
  }
  if (buf) std::memcpy(buf, s.c_str(), s.size() + 1);
  return s.size() + 1;
}

const char *ti_name(uint64_t bit) {
  switch (bit) {
    case GEX_TI_SRCRANK: return "GEX_TI_SRCRANK";
    case GEX_TI_EP: return "GEX_TI_EP";
    case GEX_TI_ENTRY: return "GEX_TI_ENTRY";
    case GEX_TI_IS_REQ: return "GEX_TI_IS_REQ";
    case GEX_TI_IS_LONG: return "GEX_TI_IS_LONG";
  }
  return nullptr;
}

}  // namespace

extern "C" {

size_t gasnett_format_memveclist_bufsz(size_t count) { return 200 + count * 50; }

gasneti_memveclist_stats_t gasnett_format_memveclist(char *buf, size_t count, gex_Memvec_t const *list) {
  gasneti_memveclist_stats_t stats;
  emit(buf, gasnett_format_memveclist_bufsz(count), memveclist(count, list, stats));
  return stats;
}

size_t gasnett_format_putvgetv_bufsz(size_t dstcount, size_t srccount) { return 200 + (dstcount + srccount) * 50; }

size_t gasnett_format_putvgetv(char *buf, gex_TM_t tm, gex_Rank_t rank, size_t dstcount,
                               gex_Memvec_t const dstlist[], size_t srccount, gex_Memvec_t const srclist[]) {
  gasneti_memveclist_stats_t dst, src;
  const std::string d = memveclist(dstcount, dstlist, dst), s = memveclist(srccount, srclist, src);
  std::string out;
  append(out, "(%zu data bytes) peer=%s\n", size_t(dst._totalsz), peer(tm, rank).c_str());
  out += "dst: " + d + "\nsrc: " + s;
  emit(buf, gasnett_format_putvgetv_bufsz(dstcount, srccount), out);
  return dst._totalsz;
}

size_t gasnett_format_addrlist_bufsz(size_t count) { return 200 + count * 25; }

gasneti_addrlist_stats_t gasnett_format_addrlist(char *buf, size_t count, void *const *list, size_t len) {
  gasneti_addrlist_stats_t stats;
  emit(buf, gasnett_format_addrlist_bufsz(count), addrlist(count, list, len, stats));
  return stats;
}

size_t gasnett_format_putigeti_bufsz(size_t dstcount, size_t srccount) { return 500 + (dstcount + srccount) * 25; }

size_t gasnett_format_putigeti(char *buf, gex_TM_t tm, gex_Rank_t rank, size_t dstcount, void *const dstlist[],
                               size_t dstlen, size_t srccount, void *const srclist[], size_t srclen) {
  gasneti_addrlist_stats_t dst, src;
  const std::string d = addrlist(dstcount, dstlist, dstlen, dst), s = addrlist(srccount, srclist, srclen, src);
  std::string out;
  append(out, "(%zu data bytes) peer=%s\n", dstcount * dstlen, peer(tm, rank).c_str());
  out += "dst: " + d + "\nsrc: " + s;
  emit(buf, gasnett_format_putigeti_bufsz(dstcount, srccount), out);
  return dstcount * dstlen;
}

size_t gasnett_format_strides_bufsz(size_t count) { return count * 30 + 10; }

void gasnett_format_strides(char *buf, size_t count, const ptrdiff_t *list) {
  emit(buf, gasnett_format_strides_bufsz(count), strides(count, list));
}

size_t gasnett_format_putsgets_bufsz(size_t stridelevels) { return 500 + 3 * stridelevels * 50; }

size_t gasnett_format_putsgets(char *buf, void *pstats, gex_TM_t tm, gex_Rank_t rank, void *dstaddr,
                               const ptrdiff_t dststrides[], void *srcaddr, const ptrdiff_t srcstrides[],
                               size_t elemsz, const size_t count[], size_t stridelevels) {
  (void)pstats;
  size_t total = elemsz;
  for (size_t i = 0; i < stridelevels; ++i) total *= count[i];
  std::string out;
  append(out, "(%zu data bytes) peer=%s stridelevels=%zu elemsz=%zu", total, peer(tm, rank).c_str(), stridelevels,
         elemsz);
  if (stridelevels == 0 || total == 0) {
    append(out, "\ndst: dstaddr=%p\nsrc: srcaddr=%p", dstaddr, srcaddr);
  } else {
    std::string counts = "[";
    for (size_t i = 0; i < stridelevels; ++i) append(counts, i + 1 < stridelevels ? "%zu, " : "%zu", count[i]);
    counts += "]";
    const void *dlo = nullptr, *slo = nullptr;
    const size_t dext = strided_bounds(dstaddr, dststrides, elemsz, count, stridelevels, &dlo);
    const size_t sext = strided_bounds(srcaddr, srcstrides, elemsz, count, stridelevels, &slo);
    append(out, " count=%s\n", counts.c_str());
    append(out, "dst: dstaddr=%p dststrides=%s\n     extent=%zu bounds=[%p...%p]\n", dstaddr,
           strides(stridelevels, dststrides).c_str(), dext, dlo, static_cast<const void *>(static_cast<const char *>(dlo) + dext - 1));
    append(out, "src: srcaddr=%p srcstrides=%s\n     extent=%zu bounds=[%p...%p]", srcaddr,
           strides(stridelevels, srcstrides).c_str(), sext, slo, static_cast<const void *>(static_cast<const char *>(slo) + sext - 1));
  }
  emit(buf, gasnett_format_putsgets_bufsz(stridelevels), out);
  return total;
}

size_t gasnett_format_dt(char *buf, gex_DT_t dt) {
  return format_mask(buf, dt, [](uint64_t bit) { return gex::runtime::dt_name(gex_DT_t(bit)); });
}

size_t gasnett_format_op(char *buf, gex_OP_t op) {
  return format_mask(buf, op, [](uint64_t bit) { return gex::runtime::op_name(gex_OP_t(bit)); });
}

size_t gasnett_format_ti(char *buf, gex_TI_t ti) { return format_mask(buf, ti, ti_name); }

}  // extern "C"
