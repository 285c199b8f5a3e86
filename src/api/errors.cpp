// gasnet_ErrorName / gasnet_ErrorDesc: the GASNet-1 error codes gasnetex.h defines.
#include <gasnetex.h>

namespace {

struct ErrorText {
  int code;
  const char *name;
  const char *desc;
};

constexpr ErrorText kErrors[] = {
    {GASNET_OK, "GASNET_OK", "No error"},
    {GASNET_ERR_NOT_INIT, "GASNET_ERR_NOT_INIT", "GASNet message layer not initialized"},
    {GASNET_ERR_RESOURCE, "GASNET_ERR_RESOURCE", "Problem with requested resource"},
    {GASNET_ERR_BAD_ARG, "GASNET_ERR_BAD_ARG", "Bad argument to function call"},
    {GASNET_ERR_NOT_READY, "GASNET_ERR_NOT_READY", "Non-blocking operation not complete"},
    {GASNET_ERR_BARRIER_MISMATCH, "GASNET_ERR_BARRIER_MISMATCH",
     "Barrier id's mismatched"},
};

const ErrorText *find(int code) {
  for (const ErrorText &e : kErrors)
    if (e.code == code) return &e;
  return nullptr;
}

}  // namespace

extern "C" const char *gasnet_ErrorName(int errval) {
  const ErrorText *e = find(errval);
  return e ? e->name : "*unknown GASNet error code*";
}

extern "C" const char *gasnet_ErrorDesc(int errval) {
  const ErrorText *e = find(errval);
  return e ? e->desc : "no description available: not a GASNet error code";
}
