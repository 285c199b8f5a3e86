/* test_progress_threads: gex_System_QueryProgressThreads and GEX_FLAG_DEFER_THREADS (spec v0.18).
 *   test_progress_threads defer     gex_Client_Init(GEX_FLAG_DEFER_THREADS): argument errors are
 *                                   GASNET_ERR_BAD_ARG, then one call reports 0 threads
 *   test_progress_threads nodefer   without the flag: GASNET_ERR_RESOURCE (BAD_ARG checks first)
 * The smp conduit has no progress threads, so a deferring client has none to start.
 */
#include "test_util.h"

int main(int argc, char **argv) {
  if (argc < 2 || (strcmp(argv[1], "defer") != 0 && strcmp(argv[1], "nodefer") != 0)) {
    fprintf(stderr, "usage: %s defer|nodefer\n", argv[0]);
    return 2;
  }
  const int defer = strcmp(argv[1], "defer") == 0;
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  CHECK_EQ(gex_Client_Init(&client, &ep, &tm, "TEST_PROGRESS_THREADS", &argc, &argv, defer ? GEX_FLAG_DEFER_THREADS : 0),
           GASNET_OK);
  CHECK_EQ(gex_Client_QueryFlags(client) & GEX_FLAG_DEFER_THREADS, defer ? GEX_FLAG_DEFER_THREADS : 0);
  /* the concurrency level is what it will be once the (here: no) threads run */
  CHECK_EQ(gex_System_QueryHiddenAMConcurrencyLevel(), GASNET_HIDDEN_AM_CONCURRENCY_LEVEL);

  unsigned int count = 12345;
  const gex_ProgressThreadInfo_t *info = NULL;
  CHECK_EQ(gex_System_QueryProgressThreads(client, NULL, &info, 0), GASNET_ERR_BAD_ARG);
  CHECK_EQ(gex_System_QueryProgressThreads(client, &count, NULL, 0), GASNET_ERR_BAD_ARG);
  CHECK_EQ(gex_System_QueryProgressThreads(client, &count, &info, GEX_FLAG_IMMEDIATE), GASNET_ERR_BAD_ARG);
  CHECK_EQ(gex_System_QueryProgressThreads(GEX_CLIENT_INVALID, &count, &info, 0), GASNET_ERR_BAD_ARG);
  if (defer) {
    CHECK_EQ(gex_System_QueryProgressThreads(client, &count, &info, 0), GASNET_OK);
    CHECK_EQ(count, 0);
  } else {
    CHECK_EQ(gex_System_QueryProgressThreads(client, &count, &info, 0), GASNET_ERR_RESOURCE);
    CHECK_EQ(gex_System_QueryProgressThreads(client, &count, &info, 0), GASNET_ERR_RESOURCE);
    CHECK_EQ(count, 12345); /* untouched on error */
  }
  /* communication works whether or not threads were deferred */
  test_barrier(tm);
  gasnet_barrier(0, GASNET_BARRIERFLAG_UNNAMED);
  test_finish(tm, defer ? "test_progress_threads defer" : "test_progress_threads nodefer");
  return 0;
}
