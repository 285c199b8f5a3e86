/* Blocking RMA makes progress: a thread that does nothing but blocking puts and gets to a
 * load/store neighbour must still, now and then, run the AM handlers waiting for this rank
 * (GASNet's testcontend stops such a thread with an AM it sends to its own rank). Thread 1 puts
 * (then gets) until `stop` is set by a handler; thread 0 sends that AM and waits. Before the fix
 * such a put never polled and the job hung.
 */
#include "test_util.h"

#include <pthread.h>

static gex_TM_t tm;
static volatile int stop = 0;
static void *peer_word;
static gex_Rank_t peer;

static void on_stop(gex_Token_t t) {
  (void)t;
  stop = 1;
}

static void *spinner(void *arg) {
  const int use_get = (int)(intptr_t)arg;
  uint64_t v = 1;
  while (!stop) {
    if (use_get) gex_RMA_GetBlocking(tm, &v, peer, peer_word, sizeof v, 0);
    else gex_RMA_PutBlocking(tm, peer, peer_word, &v, sizeof v, 0);
  }
  return NULL;
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("rma_progress", &argc, &argv, &client, &ep, &tm);
  gex_AM_Entry_t table[] = {{0, (gex_AM_Fn_t)on_stop, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 0, NULL, "stop"}};
  CHECK(gex_EP_RegisterHandlers(ep, table, 1) == GASNET_OK);
  gex_Segment_t seg;
  test_attach(tm, 1 << 16, &seg);
  const gex_Rank_t me = gex_TM_QueryRank(tm), n = gex_TM_QuerySize(tm);
  peer = (me + 1) % n;
  gex_Segment_QueryBound(tm, peer, &peer_word, NULL, NULL);
  for (int use_get = 0; use_get < 2; ++use_get) {
    stop = 0;
    test_barrier(tm);
    pthread_t th;
    CHECK(pthread_create(&th, NULL, spinner, (void *)(intptr_t)use_get) == 0);
    test_sleep_ms(50);
    gex_AM_RequestShort0(tm, me, table[0].gex_index, 0); /* to this rank: only a poll runs it */
    const double start = test_now();
    while (!stop) { /* this thread does not poll: the spinner's RMA calls must */
      CHECKF(test_now() - start < 20.0, "%s loop never ran the pending handler in 20 s", use_get ? "get" : "put");
      test_sleep_ms(1);
    }
    pthread_join(th, NULL);
  }
  test_finish(tm, "rma_progress");
  return 0;
}
