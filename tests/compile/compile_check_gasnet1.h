/* Compile check of the gasnet.h (GASNet-1) names that are not in gasnetex.h: the count-inferring
 * AM forms and the _nopoll syncs. Included after compile_check_calls.h, so everything that file
 * uses was declared without gasnet.h. Nothing here runs (main calls it only when argc > 100).
 */
#ifndef COMPILE_CHECK_GASNET1_H
#define COMPILE_CHECK_GASNET1_H

#include <gasnet.h>

/* A GASNet-1 request handler that makes every count-inferring reply. */
static void cc_g1_request(gasnet_token_t token, void *buf, size_t nbytes, gasnet_handlerarg_t a0) {
  gasnet_handlerarg_t a[16];
  int i, rc = 0;
  for (i = 0; i < 16; ++i) a[i] = a0 + i;
  gasnet_handler_t h = (gasnet_handler_t)GEX_AM_INDEX_BASE;
  rc |= gasnet_AMReplyShort(token, h);
  rc |= gasnet_AMReplyShort(token, h, a[0]);
  rc |= gasnet_AMReplyShort(token, h, a[0], a[1]);
  rc |= gasnet_AMReplyShort(token, h, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gasnet_AMReplyMedium(token, h, buf, nbytes);
  rc |= gasnet_AMReplyMedium(token, h, buf, nbytes, a[0]);
  rc |= gasnet_AMReplyMedium(token, h, buf, nbytes, a[0], a[1]);
  rc |= gasnet_AMReplyMedium(token, h, buf, nbytes, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gasnet_AMReplyLong(token, h, buf, nbytes, buf);
  rc |= gasnet_AMReplyLong(token, h, buf, nbytes, buf, a[0]);
  rc |= gasnet_AMReplyLong(token, h, buf, nbytes, buf, a[0], a[1]);
  rc |= gasnet_AMReplyLong(token, h, buf, nbytes, buf, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  cc_sink = rc;
}

static int cc_call_gasnet1(void) {
  gasnet_handlerarg_t a[16];
  int i, rc = 0;
  for (i = 0; i < 16; ++i) a[i] = i;
  gasnet_node_t n = 0;
  gasnet_handler_t h = (gasnet_handler_t)GEX_AM_INDEX_BASE;
  char buf[64];
  void *dest = buf;
  size_t nbytes = sizeof buf;
  rc |= gasnet_AMRequestShort(n, h);
  rc |= gasnet_AMRequestShort(n, h, a[0]);
  rc |= gasnet_AMRequestShort(n, h, a[0], a[1]);
  rc |= gasnet_AMRequestShort(n, h, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gasnet_AMRequestMedium(n, h, buf, nbytes);
  rc |= gasnet_AMRequestMedium(n, h, buf, nbytes, a[0]);
  rc |= gasnet_AMRequestMedium(n, h, buf, nbytes, a[0], a[1]);
  rc |= gasnet_AMRequestMedium(n, h, buf, nbytes, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gasnet_AMRequestLong(n, h, buf, nbytes, dest);
  rc |= gasnet_AMRequestLong(n, h, buf, nbytes, dest, a[0]);
  rc |= gasnet_AMRequestLong(n, h, buf, nbytes, dest, a[0], a[1]);
  rc |= gasnet_AMRequestLong(n, h, buf, nbytes, dest, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gasnet_AMRequestLongAsync(n, h, buf, nbytes, dest);
  rc |= gasnet_AMRequestLongAsync(n, h, buf, nbytes, dest, a[0]);
  rc |= gasnet_AMRequestLongAsync(n, h, buf, nbytes, dest, a[0], a[1]);
  rc |= gasnet_AMRequestLongAsync(n, h, buf, nbytes, dest, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  gasnet_handle_t handles[2];
  handles[0] = gasnet_get_nb(buf, n, dest, nbytes);
  handles[1] = GASNET_INVALID_HANDLE;
  rc |= gasnet_try_syncnb_nopoll(handles[0]);
  rc |= gasnet_try_syncnb_some_nopoll(handles, 2);
  rc |= gasnet_try_syncnb_all_nopoll(handles, 2);
  gasnet_handlerentry_t table[1];
  table[0].index = 0;
  table[0].fnptr = (gasnet_handler_fn_t)cc_g1_request;
  rc |= gasnet_attach(table, 1, GASNET_PAGESIZE, 0);
  return rc;
}

#endif /* COMPILE_CHECK_GASNET1_H */
